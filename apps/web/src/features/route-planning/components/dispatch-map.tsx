import 'leaflet/dist/leaflet.css';
import { MAP } from '@courier/contract';
import L from 'leaflet';
import { ImageOff, Maximize2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { MapContainer, Marker, Polyline, Popup, TileLayer } from 'react-leaflet';
import type { TMapDriver, TMapJob, TMapRoute } from '../lib/map-view';
import { driverPin, jobPin, stopPin } from './map-pins';

const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
const attributionFor = (tileUrl: string) => (tileUrl.includes('openstreetmap') ? OSM_ATTRIBUTION : undefined);
/** Somewhere to stand before anything has a position (the centre of the contiguous United States). */
const FALLBACK_CENTRE: [number, number] = [39.5, -98.35];

export interface DispatchMapProps {
  drivers: TMapDriver[];
  jobs: TMapJob[];
  /** A plan's preview: one coloured line and numbered stops per driver; when set, the open jobs step back. */
  routes: TMapRoute[] | null;
  tileUrl: string | null;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('') || '?';

/**
 * The dispatch map (Leaflet): drivers, open jobs, and a plan's routes. Loaded on demand, never with the landing page.
 * Markers are for the eye and the pointer only (not tab stops): many share a ZIP centre and would stack into
 * targets too small to hit; the lists beside the map carry the same drivers, jobs and stops for keyboards and
 * screen readers (WCAG 2.5.8's equivalent-control exception).
 */
export function DispatchMap({ drivers, jobs, routes, tileUrl }: DispatchMapProps) {
  const [map, setMap] = useState<L.Map | null>(null);
  const [tilesMissing, setTilesMissing] = useState(!tileUrl);
  const tilesLoaded = useRef(0);

  const points = useMemo(() => {
    const all: [number, number][] = drivers.map((d) => [d.lat, d.lng]);
    if (routes) for (const route of routes) for (const stop of route.stops) all.push([stop.lat, stop.lng]);
    else for (const job of jobs) all.push([job.lat, job.lng]);
    return all;
  }, [drivers, jobs, routes]);

  const fitAll = () => {
    if (!map || points.length === 0) return;
    if (points.length === 1) map.setView(points[0], MAP.focusZoom);
    else map.fitBounds(L.latLngBounds(points), { padding: [36, 36], maxZoom: MAP.focusZoom + 1 });
  };

  // Frame everything once it is known, and again when a plan is shown or cleared.
  const framedFor = useRef<string>('');
  const frameKey = `${routes ? `plan:${routes.length}` : 'live'}:${points.length > 0}`;
  useEffect(() => {
    if (!map || points.length === 0 || framedFor.current === frameKey) return;
    framedFor.current = frameKey;
    fitAll();
  });

  return (
    <>
      <MapContainer
        ref={setMap}
        center={points[0] ?? FALLBACK_CENTRE}
        zoom={points.length ? MAP.defaultZoom : 4}
        scrollWheelZoom={false}
        className="size-full"
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
        {routes?.map((route) => (
          <Polyline
            key={`line-${route.driverId}`}
            positions={[
              ...(route.start ? [[route.start.lat, route.start.lng] as [number, number]] : []),
              ...route.stops.map((s) => [s.lat, s.lng] as [number, number]),
            ]}
            pathOptions={{ color: route.color, weight: 4, opacity: 0.85 }}
          />
        ))}
        {routes?.flatMap((route) =>
          route.stops.map((stop) => (
            <Marker
              key={`${route.driverId}-${stop.n}`}
              position={[stop.lat, stop.lng]}
              icon={stopPin(stop.n, route.color, stop.kind)}
              keyboard={false}
              title={`${route.name}, stop ${stop.n}: ${stop.kind === 'pickup' ? 'pickup' : 'drop'} #${stop.trackingNumber}`}
              alt={`${route.name}, stop ${stop.n}`}
            >
              <Popup>
                <p className="!m-0 text-sm font-semibold text-slate-900">
                  {route.name} · stop {stop.n}
                </p>
                <p className="!m-0 text-sm text-slate-700">
                  {stop.kind === 'pickup' ? 'Pickup' : 'Drop'} #{stop.trackingNumber} · {stop.arrivalText}
                </p>
                <p className="!m-0 text-xs text-slate-500">{stop.address}</p>
              </Popup>
            </Marker>
          )),
        )}
        {!routes &&
          jobs.map((job) => (
            <Marker
              key={`${job.deliveryId}-${job.kind}`}
              position={[job.lat, job.lng]}
              icon={jobPin(job.kind, job.stat, job.late)}
              keyboard={false}
              title={`${job.kind === 'pickup' ? 'Pickup' : 'Drop'} #${job.trackingNumber}${job.stat ? ', STAT' : ''}${job.late ? ', late' : ''}`}
              alt={`${job.kind === 'pickup' ? 'Pickup' : 'Drop'} #${job.trackingNumber}`}
            >
              <Popup>
                <p className="!m-0 text-sm font-semibold text-slate-900">
                  {job.kind === 'pickup' ? 'Pickup' : 'Drop'} #{job.trackingNumber}
                  {job.stat && <span className="ml-1 text-orange-700">STAT</span>}
                  {job.late && <span className="ml-1 text-red-700">late</span>}
                </p>
                <p className="!m-0 text-sm text-slate-600">{job.address}</p>
                <p className="!m-0 text-xs text-slate-500">{job.driverName ? `Driver: ${job.driverName}` : 'No driver yet'}</p>
              </Popup>
            </Marker>
          ))}
        {drivers.map((driver) => (
          <Marker
            key={driver.driverId}
            position={[driver.lat, driver.lng]}
            icon={driverPin(initials(driver.name))}
            keyboard={false}
            title={`${driver.name}, ${driver.age}`}
            alt={driver.name}
            zIndexOffset={1000}
          >
            <Popup>
              <p className="!m-0 text-sm font-semibold text-slate-900">{driver.name}</p>
              <p className="!m-0 text-sm text-slate-600">Position {driver.age}</p>
              <p className="!m-0 text-xs text-slate-500">{driver.currentJob ? `On #${driver.currentJob}` : 'No job under way'}</p>
            </Popup>
          </Marker>
        ))}
      </MapContainer>
      <button
        type="button"
        onClick={fitAll}
        disabled={points.length === 0}
        className="absolute top-2.5 right-2.5 z-[1000] inline-flex items-center gap-1.5 rounded-md bg-white px-2.5 py-1.5 text-xs font-semibold text-slate-700 shadow ring-1 ring-slate-900/15 hover:bg-slate-50 disabled:opacity-60"
      >
        <Maximize2 aria-hidden="true" className="size-3.5" />
        Show all
      </button>
      {tilesMissing && (
        <p
          role="status"
          className="absolute bottom-2.5 left-2.5 z-[1000] inline-flex max-w-[calc(100%-5.5rem)] items-center gap-1.5 rounded-md bg-white/95 px-2.5 py-1.5 text-xs font-medium text-slate-700 shadow ring-1 ring-slate-900/10"
        >
          <ImageOff aria-hidden="true" className="size-3.5 shrink-0 text-slate-500" />
          Map tiles are unavailable: markers and the lists still work
        </p>
      )}
    </>
  );
}
