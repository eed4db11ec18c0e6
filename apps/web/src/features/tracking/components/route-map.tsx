import { MAP } from '@courier/contract';
import L from 'leaflet';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Marker, Polyline, Popup, useMap } from 'react-leaflet';
import { BaseMap } from '@/components/map';
import type { TMapPoint, TTrackingRoute } from '../lib/tracking-view';
import { PIN_COLORS } from '../lib/map-colors';
import { routePins } from './map-pins';

/**
 * Once loaded, the map frames origin, destination and the driver; again only when the driver first shows,
 * not at every move (a reader who zoomed in keeps the view).
 */
function FrameAll({ points }: { points: TMapPoint[] }) {
  const map = useMap();
  const latest = useRef(points);
  latest.current = points;
  const count = points.length;
  useEffect(() => {
    let live = true;
    map.whenReady(() => {
      if (!live || count === 0) return;
      const bounds = L.latLngBounds(latest.current.map((p) => [p.lat, p.lng] as [number, number]));
      map.fitBounds(bounds, { padding: [48, 48], maxZoom: MAP.focusZoom, animate: false });
    });
    return () => {
      live = false;
    };
  }, [map, count]);
  return null;
}

function PlacePopup({ title, label, children }: { title: string; label: string | null; children?: ReactNode }) {
  return (
    <Popup>
      <p className="!m-0 text-sm font-semibold text-slate-900">{title}</p>
      <p className="!m-0 text-sm text-slate-600">{label ?? 'Location on map'}</p>
      {children}
    </Popup>
  );
}

export interface RouteMapProps {
  route: TTrackingRoute & { origin: TMapPoint; destination: TMapPoint };
  /** Leaflet's {z}/{x}/{y} template from the server's configuration; null when it could not be read. */
  tileUrl: string | null;
  currentUpdated?: string | null;
}

/** The Leaflet map: origin, destination and current markers with info windows, and the line through them, all in view. */
export function RouteMap({ route, tileUrl, currentUpdated }: RouteMapProps) {
  const [map, setMap] = useState<L.Map | null>(null);
  const { origin, destination, current } = route;

  const showWholeRoute = () => {
    if (!map) return;
    const bounds = L.latLngBounds(route.path.map((p) => [p.lat, p.lng] as [number, number]));
    map.fitBounds(bounds, { padding: [48, 48], maxZoom: MAP.focusZoom + 2 });
  };

  return (
    <BaseMap
      onMap={setMap}
      center={[origin.lat, origin.lng]}
      zoom={MAP.defaultZoom}
      tileUrl={tileUrl}
      fit={route.path.length > 1 ? { label: 'Show whole route', onClick: showWholeRoute } : null}
      missingText="Map tiles are unavailable"
      zoomAnimation={false}
    >
      {route.path.length > 1 && (
        <Polyline
          positions={route.path.map((p) => [p.lat, p.lng])}
          pathOptions={{ color: PIN_COLORS.origin, weight: 4, opacity: 0.8, dashArray: '8 10' }}
        />
      )}
      <Marker position={[origin.lat, origin.lng]} icon={routePins.origin} title="Origin" alt="Origin">
        <PlacePopup title="Origin" label={origin.label} />
      </Marker>
      <Marker position={[destination.lat, destination.lng]} icon={routePins.destination} title="Destination" alt="Destination">
        <PlacePopup title="Destination" label={destination.label} />
      </Marker>
      {current && (
        <Marker position={[current.lat, current.lng]} icon={routePins.current} title="Current" alt="Current" zIndexOffset={1000}>
          <PlacePopup title="Current" label={current.label}>
            {currentUpdated && <p className="!m-0 mt-1 text-xs text-slate-500">Updated {currentUpdated}</p>}
          </PlacePopup>
        </Marker>
      )}
      <FrameAll points={current ? [origin, destination, current] : [origin, destination]} />
    </BaseMap>
  );
}
