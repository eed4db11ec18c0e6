import clsx from 'clsx';
import { TriangleAlert } from 'lucide-react';
import { Component, lazy, type ReactNode, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useAppConfig } from '@/hooks/use-app-config';
import { onMap } from '../lib/live-view';
import type { TMapDriver, TMapJob, TMapRoute } from '../lib/map-view';
import { LIVE_COLORS } from '../lib/route-colors';

// Leaflet loads with this section only: the landing page and the board do not carry it.
const DispatchMap = lazy(() => import('./dispatch-map').then((module) => ({ default: module.DispatchMap })));

/** Leaflet failing costs the section its map only: the lists beside it still carry everything. */
class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <p role="alert" className="flex size-full items-center justify-center gap-2 px-6 text-center text-sm font-medium text-red-700">
        <TriangleAlert aria-hidden="true" className="size-5" />
        The map could not be shown. The lists hold the same drivers and jobs.
      </p>
    );
  }
}

const LIVE_LEGEND = [
  { label: 'Driver', color: LIVE_COLORS.driver, round: true },
  { label: 'Pickup', color: LIVE_COLORS.pickup },
  { label: 'Drop', color: LIVE_COLORS.drop },
  { label: 'STAT', color: LIVE_COLORS.stat },
  { label: 'Late', color: LIVE_COLORS.late, ring: true },
];

export function MapLegend({ routes }: { routes: TMapRoute[] | null }) {
  return (
    <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600" aria-label="Map legend">
      {routes
        ? routes.map((route) => (
            <li key={route.driverId} className="flex items-center gap-1.5">
              <span aria-hidden="true" className="h-1 w-4 rounded-full" style={{ background: route.color }} />
              {route.name}
            </li>
          ))
        : LIVE_LEGEND.map((item) => (
            <li key={item.label} className="flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className={clsx('size-3', item.round ? 'rounded-full' : 'rounded-[3px]')}
                style={item.ring ? { boxShadow: `0 0 0 2px ${item.color}`, background: '#fff' } : { background: item.color }}
              />
              {item.label}
            </li>
          ))}
    </ul>
  );
}

/** The map with its legend; drawn on a plain ground when tiles cannot load (the lists are the accessible alternative). */
export function MapSection({
  drivers,
  jobs,
  routes,
  title,
  className,
}: {
  drivers: TMapDriver[];
  jobs: TMapJob[];
  routes: TMapRoute[] | null;
  /** The heading when it is not the live map or a plan's preview. */
  title?: string;
  className?: string;
}) {
  const config = useAppConfig();
  return (
    <section aria-labelledby="dispatch-map-title" className={clsx('rounded-2xl border border-slate-200 bg-white p-3 shadow-sm', className)}>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-1 pb-3">
        <h2 id="dispatch-map-title" className="text-lg font-semibold text-slate-900">
          {title ?? (routes ? 'Plan preview' : 'Live map')}
        </h2>
        <MapLegend routes={routes} />
      </div>
      <div
        data-testid="dispatch-map"
        className="relative isolate h-[360px] overflow-hidden rounded-xl bg-slate-100 sm:h-[460px] xl:h-[600px]"
      >
        {config.isPending ? (
          <div className="flex size-full items-center justify-center">
            <Spinner label="Loading map" className="[&_svg]:size-8" />
          </div>
        ) : (
          <MapBoundary>
            <Suspense
              fallback={
                <div className="flex size-full items-center justify-center">
                  <Spinner label="Loading map" className="[&_svg]:size-8" />
                </div>
              }
            >
              <DispatchMap drivers={drivers} jobs={jobs.filter(onMap)} routes={routes} tileUrl={config.data?.mapTileUrl ?? null} />
            </Suspense>
          </MapBoundary>
        )}
      </div>
    </section>
  );
}
