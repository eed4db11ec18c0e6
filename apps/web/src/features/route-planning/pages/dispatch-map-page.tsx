import type { TRoutePlan } from '@courier/contract';
import clsx from 'clsx';
import { ArrowLeft } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { useNow } from '@/lib/required-by';
import { useLiveMap } from '../api/get-live-map';
import { usePlanningDrivers } from '../api/get-planning-drivers';
import { DriverRoutes } from '../components/driver-routes';
import { LiveLists } from '../components/live-lists';
import { MapSection } from '../components/map-section';
import { PlanPanel, type TPlanPreview } from '../components/plan-panel';
import { ReplanButton } from '../components/replan-button';
import { StatInsertions } from '../components/stat-insertions';
import { appliedRoutes } from '../lib/applied-routes';
import { liveView, planCandidates, statWaiting } from '../lib/live-view';
import { mappable, planView } from '../lib/plan-view';

const TABS = [
  { id: 'live', label: 'Live' },
  { id: 'routes', label: 'Routes' },
  { id: 'plan', label: 'Plan routes' },
] as const;

/** /admin/dispatch-map: the live map of drivers and open jobs, the route planner, and STAT insertion. */
export function DispatchMapPage() {
  const live = useLiveMap();
  const planningDrivers = usePlanningDrivers();
  const now = useNow(15_000);
  const [tab, setTab] = useState<(typeof TABS)[number]['id']>('live');
  const [preview, setPreview] = useState<TPlanPreview | null>(null);

  const view = useMemo(() => (live.data ? liveView(live.data, now) : { drivers: [], jobs: [] }), [live.data, now]);
  const driverNames = useMemo(() => new Map((live.data?.drivers ?? []).map((d) => [d._id, d.name])), [live.data]);
  const candidates = useMemo(() => (live.data ? planCandidates(live.data) : []), [live.data]);
  const stats = useMemo(() => (live.data ? statWaiting(live.data) : []), [live.data]);
  const applied = useMemo(() => (live.data ? appliedRoutes(live.data) : []), [live.data]);
  // The map draws a plan's preview; on the Routes tab, the routes applied and under way.
  const toPreview = (plan: TRoutePlan): TPlanPreview => ({
    id: plan._id,
    kind: plan.kind,
    ...planView(plan, driverNames),
    objective: plan.objective,
    changes: plan.changes,
  });
  const routesOnMap = useMemo(
    () => (preview && tab === 'plan' ? mappable(preview.routes) : tab === 'routes' && applied.length ? mappable(applied) : null),
    [preview, tab, applied],
  );

  return (
    <section className="mx-auto w-full max-w-[1600px] px-3 py-5 sm:px-6 lg:py-7">
      <title>Map & planning · MedCourier</title>
      <div className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Map & planning</h1>
          <p className="text-sm text-slate-600">Where the drivers are, what is open, and the day's routes.</p>
        </div>
        <div className="flex flex-col gap-2 sm:items-end">
          <Link to={paths.adminDashboard} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
            <ArrowLeft aria-hidden="true" className="size-4" />
            Dispatch board
          </Link>
          <ReplanButton
            onPlanned={(plan) => {
              setPreview(toPreview(plan));
              setTab('plan');
            }}
          />
        </div>
      </div>
      {live.isError && (
        <p role="alert" className="mb-4 rounded-xl bg-red-50 p-3 text-sm text-red-800">
          {errorMessage(live.error, 'Could not load the drivers and open jobs.')}
        </p>
      )}
      <StatInsertions waiting={stats} driverNames={driverNames} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_380px] xl:grid-cols-[minmax(0,1fr)_420px]">
        <MapSection
          drivers={view.drivers}
          jobs={view.jobs}
          routes={routesOnMap}
          title={tab === 'routes' && routesOnMap ? 'Routes under way' : undefined}
          className="lg:sticky lg:top-4 lg:self-start"
        />
        <aside aria-label="Live lists and planner" className="rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
          <fieldset className="mb-4 grid min-w-0 grid-cols-3 gap-1 rounded-xl border-0 bg-slate-200/70 p-1">
            <legend className="sr-only">Panel</legend>
            {TABS.map((t) => (
              <button
                key={t.id}
                type="button"
                aria-pressed={tab === t.id}
                onClick={() => setTab(t.id)}
                className={clsx(
                  'min-h-10 rounded-lg text-sm font-semibold',
                  tab === t.id ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600',
                )}
              >
                {t.label}
              </button>
            ))}
          </fieldset>
          {tab === 'live' ? (
            <LiveLists drivers={view.drivers} jobs={view.jobs} />
          ) : tab === 'routes' ? (
            <DriverRoutes routes={applied} drivers={(live.data?.drivers ?? []).map((d) => ({ driverId: d._id, name: d.name }))} />
          ) : (
            <PlanPanel
              drivers={(planningDrivers.data ?? [])
                .filter((d) => d.isActive)
                .map((d) => ({
                  driverId: d._id,
                  name: `${d.firstName} ${d.lastName}`,
                  shift: d.shift ? `${d.shift.start}–${d.shift.end}` : null,
                }))}
              candidates={candidates}
              preview={preview}
              onPreview={setPreview}
              toPreview={toPreview}
            />
          )}
        </aside>
      </div>
    </section>
  );
}
