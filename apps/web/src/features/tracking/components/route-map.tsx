import 'leaflet/dist/leaflet.css';
import { MAP } from '@courier/contract';
import L from 'leaflet';
import { ImageOff, Maximize2 } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { MapContainer, Marker, Polyline, Popup, TileLayer, useMap } from 'react-leaflet';
import type { TMapPoint, TTrackingRoute } from '../lib/tracking-view';
import { PIN_COLORS } from '../lib/map-colors';
import { routePins } from './map-pins';

const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
const attributionFor = (tileUrl: string) => (tileUrl.includes('openstreetmap') ? OSM_ATTRIBUTION : undefined);

/** Once loaded, the map centres on origin at the focus zoom. */
function FocusOnOrigin({ origin }: { origin: TMapPoint }) {
  const map = useMap();
  useEffect(() => {
    map.whenReady(() => map.setView([origin.lat, origin.lng], MAP.focusZoom));
  }, [map, origin.lat, origin.lng]);
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

/** The Leaflet map: origin, destination and current markers with info windows, and the line through them. */
export function RouteMap({ route, tileUrl, currentUpdated }: RouteMapProps) {
  const [map, setMap] = useState<L.Map | null>(null);
  const [tilesMissing, setTilesMissing] = useState(!tileUrl);
  const tilesLoaded = useRef(0);
  const { origin, destination, current } = route;

  const showWholeRoute = () => {
    if (!map) return;
    const bounds = L.latLngBounds(route.path.map((p) => [p.lat, p.lng] as [number, number]));
    map.fitBounds(bounds, { padding: [48, 48], maxZoom: MAP.focusZoom + 2 });
  };

  return (
    <>
      <MapContainer
        ref={setMap}
        center={[origin.lat, origin.lng]}
        zoom={MAP.defaultZoom}
        scrollWheelZoom={false}
        className="size-full"
        // Shown wherever tiles are missing: a calm plain ground under the markers and the line.
        style={{ background: '#e8eef3' }}
      >
        {tileUrl && (
          <TileLayer
            url={tileUrl}
            attribution={attributionFor(tileUrl)}
            eventHandlers={{
              tileload: () => {
                tilesLoaded.current += 1;
                setTilesMissing(false);
              },
              tileerror: () => {
                if (tilesLoaded.current === 0) setTilesMissing(true);
              },
            }}
          />
        )}
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
        <FocusOnOrigin origin={origin} />
      </MapContainer>
      {route.path.length > 1 && (
        <button
          type="button"
          onClick={showWholeRoute}
          className="absolute top-2.5 right-2.5 z-[1000] inline-flex items-center gap-1.5 rounded-md bg-white px-2.5 py-1.5 text-xs font-semibold text-slate-700 shadow ring-1 ring-slate-900/15 hover:bg-slate-50"
        >
          <Maximize2 aria-hidden="true" className="size-3.5" />
          Show whole route
        </button>
      )}
      {tilesMissing && (
        <p
          role="status"
          className="absolute bottom-2.5 left-2.5 z-[1000] inline-flex max-w-[calc(100%-5.5rem)] items-center gap-1.5 rounded-md bg-white/95 px-2.5 py-1.5 text-xs font-medium text-slate-700 shadow ring-1 ring-slate-900/10"
        >
          <ImageOff aria-hidden="true" className="size-3.5 shrink-0 text-slate-500" />
          Map tiles are unavailable
        </p>
      )}
    </>
  );
}
