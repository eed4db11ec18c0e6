import { MAP, MESSAGES } from '@courier/contract';
import clsx from 'clsx';
import { MapPinOff, MapPinned, TriangleAlert } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useAppConfig } from '@/hooks/use-app-config';
import type { TTrackingResult } from '@courier/contract';
import { formatEventTime } from '../lib/format-time';
import { PIN_COLORS } from '../lib/map-colors';
import { trackingRoute } from '../lib/tracking-view';
import { MapErrorBoundary } from './map-error-boundary';

// Leaflet loads only when a result is shown, so /tracking opens without it.
const RouteMap = lazy(() => import('./route-map').then((module) => ({ default: module.RouteMap })));

const LEGEND = [
  { label: 'Origin', color: PIN_COLORS.origin },
  { label: 'Current', color: PIN_COLORS.current },
  { label: 'Destination', color: PIN_COLORS.destination },
];

function MapMessage({ icon, tone = 'info', children }: { icon: ReactNode; tone?: 'info' | 'error'; children: ReactNode }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      className="flex size-full flex-col items-center justify-center gap-3 px-6 text-center"
    >
      <span
        className={clsx(
          'flex size-12 items-center justify-center rounded-full',
          tone === 'error' ? 'bg-red-50 text-red-600' : 'bg-white text-slate-500',
        )}
      >
        {icon}
      </span>
      <p className={clsx('max-w-sm text-sm font-medium', tone === 'error' ? 'text-red-700' : 'text-slate-600')}>{children}</p>
    </div>
  );
}

const MapLoading = () => (
  <div className="flex size-full items-center justify-center">
    <Spinner label="Loading map" className="[&_svg]:size-8" />
  </div>
);

/** The route map, 400 px high, with a spinner while it loads and a message when it cannot. */
export function TrackingMap({ result, className }: { result: TTrackingResult; className?: string }) {
  const route = useMemo(() => trackingRoute(result), [result]);
  const config = useAppConfig();
  const { origin, destination } = route;
  const currentUpdated = result.currentLocation
    ? (formatEventTime(result.currentLocation.updatedAt) ?? result.currentLocation.displayTime)
    : null;

  let body: ReactNode;
  if (!origin || !destination) {
    body = (
      <MapMessage icon={<MapPinOff aria-hidden="true" className="size-6" />} tone="error">
        {MESSAGES.trackingNoCoordinates}
      </MapMessage>
    );
  } else if (config.isPending) {
    body = <MapLoading />;
  } else {
    body = (
      <MapErrorBoundary
        key={result.trackingNumber}
        fallback={
          <MapMessage icon={<TriangleAlert aria-hidden="true" className="size-6" />} tone="error">
            {MESSAGES.mapError}
          </MapMessage>
        }
      >
        <Suspense fallback={<MapLoading />}>
          <RouteMap
            key={result.trackingNumber}
            route={{ ...route, origin, destination }}
            tileUrl={config.data?.mapTileUrl ?? null}
            currentUpdated={currentUpdated}
          />
        </Suspense>
      </MapErrorBoundary>
    );
  }

  return (
    <section aria-labelledby="route-map" className={clsx('rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4', className)}>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-2 pt-1 pb-3">
        <h2 id="route-map" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <MapPinned aria-hidden="true" className="size-5 text-brand-600" />
          Route
        </h2>
        <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600" aria-label="Map legend">
          {LEGEND.map((item) => (
            <li key={item.label} className="flex items-center gap-1.5">
              <span aria-hidden="true" className="size-2.5 rounded-full" style={{ background: item.color }} />
              {item.label}
            </li>
          ))}
        </ul>
      </div>
      <div data-testid="tracking-map" className="relative isolate overflow-hidden rounded-xl bg-slate-100" style={{ height: MAP.heightPx }}>
        {body}
      </div>
    </section>
  );
}
