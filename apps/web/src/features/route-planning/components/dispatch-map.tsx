import { MAP } from '@courier/contract';
import L from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Marker, Polyline, Popup } from 'react-leaflet';
import { BaseMap } from '@/components/map';
import type { TMapDriver, TMapJob, TMapRoute } from '../lib/map-view';
import { driverPin, jobPin, stopPin } from './map-pins';

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
    <BaseMap
      onMap={setMap}
      center={points[0] ?? FALLBACK_CENTRE}
      zoom={points.length ? MAP.defaultZoom : 4}
      tileUrl={tileUrl}
      fit={{ label: 'Show all', onClick: fitAll, disabled: points.length === 0 }}
      missingText="Map tiles are unavailable: markers and the lists still work"
    >
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
    </BaseMap>
  );
}
