import type { TPlanChange, TPlanObjective, TRoutePlan, TRoutePlanRequest } from '@courier/contract';
import clsx from 'clsx';
import { RefreshCw, Route } from 'lucide-react';
import { useId, useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useApplyRoutePlan } from '../api/apply-route-plan';
import { useCreateRoutePlan } from '../api/create-route-plan';
import type { TMapRoute } from '../lib/map-view';
import type { TUnassignedView } from '../lib/plan-view';
import { PlanRoutes } from './plan-routes';
import { ObjectiveParts, PlanChanges } from './plan-summary';

export interface TPlanCandidate {
  deliveryId: string;
  trackingNumber: string;
  assigned: boolean;
  stat: boolean;
  driverName: string | null;
}

export interface TPlanPreview {
  id: string;
  kind?: TRoutePlan['kind'];
  routes: TMapRoute[];
  unassigned: TUnassignedView[];
  objective?: TPlanObjective | null;
  /** A re-plan: what it changes (null on other plans). */
  changes?: TPlanChange[] | null;
}

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Jobs placed (one drop-off each) and routes used. */
const counts = (preview: TPlanPreview) => ({
  placed: preview.routes.reduce((n, r) => n + r.stops.filter((s) => s.kind === 'dropoff').length, 0),
  used: preview.routes.filter((r) => r.stops.length).length,
});

const checkboxClass = 'size-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500';

/**
 * Plan (STAFF and above): the day or "now", the drivers, the jobs, whether assigned jobs may move; Preview
 * draws the plan on the map, Apply assigns it. A stale preview (409) says so and offers to plan again.
 */
export function PlanPanel({
  drivers,
  candidates,
  preview,
  onPreview,
  toPreview,
}: {
  /** Every active driver; one without a shift cannot be planned for and says so. */
  drivers: { driverId: string; name: string; shift: string | null }[];
  candidates: TPlanCandidate[];
  preview: TPlanPreview | null;
  onPreview: (plan: TPlanPreview | null) => void;
  /** Turns the server's answer into what the map and lists draw. */
  toPreview: (plan: TRoutePlan) => TPlanPreview;
}) {
  const ids = useId();
  const [when, setWhen] = useState<'now' | 'day'>('now');
  const [date, setDate] = useState(today);
  const [skippedDrivers, setSkippedDrivers] = useState<ReadonlySet<string>>(new Set());
  const [skippedJobs, setSkippedJobs] = useState<ReadonlySet<string>>(new Set());
  const [reassign, setReassign] = useState(false);
  const [stale, setStale] = useState(false);
  const create = useCreateRoutePlan();
  const apply = useApplyRoutePlan();

  const plannable = drivers.filter((d) => d.shift);
  const chosenDrivers = plannable.filter((d) => !skippedDrivers.has(d.driverId));
  const eligible = candidates;
  const chosenJobs = eligible.filter((c) => !skippedJobs.has(c.deliveryId));

  const toggle = (set: ReadonlySet<string>, id: string) => {
    const next = new Set(set);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  };

  const request = (): TRoutePlanRequest => ({
    ...(when === 'now' ? { now: true } : { date }),
    driverIds: chosenDrivers.map((d) => d.driverId),
    // Every job left ticked: the server takes what is open when it plans (a job approved a second ago too).
    ...(skippedJobs.size ? { deliveryIds: chosenJobs.map((c) => c.deliveryId) } : {}),
    reassign,
  });

  const runPreview = () => {
    create.mutate(request(), {
      // The stale notice stays until the new preview is in: Apply never sends the old one.
      onSuccess: (plan) => {
        setStale(false);
        onPreview(toPreview(plan));
      },
      onError: (error) => toast.error(errorMessage(error, 'Could not plan the routes')),
    });
  };

  const runApply = () => {
    if (!preview) return;
    apply.mutate(preview.id, {
      onSuccess: () => {
        const { placed, used } = counts(preview);
        if (preview.changes)
          toast.success(
            `Re-plan applied: ${preview.changes.length} ${preview.changes.length === 1 ? 'change' : 'changes'}; the drivers concerned are told`,
          );
        else toast.success(`Plan applied: ${placed} ${placed === 1 ? 'job' : 'jobs'} on ${used} ${used === 1 ? 'route' : 'routes'}`);
        onPreview(null);
      },
      onError: (error) => {
        if (isApiError(error) && (error.code === 'ROUTE_PLAN_STALE' || error.code === 'CONFLICT')) setStale(true);
        else if (isApiError(error) && error.code === 'ROUTE_PLAN_APPLIED') {
          toast.info('This plan was applied already.');
          onPreview(null);
        } else toast.error(errorMessage(error, 'Could not apply the plan'));
      },
    });
  };

  if (preview) {
    const { placed, used } = counts(preview);
    return (
      <div className="space-y-4">
        <div className="flex flex-wrap items-center gap-2">
          <p className="w-full text-sm text-slate-700" aria-live="polite">
            <span className="font-semibold text-slate-900">
              {placed} {placed === 1 ? 'job' : 'jobs'} on {used} {used === 1 ? 'route' : 'routes'}
            </span>
            {preview.unassigned.length > 0 && `, ${preview.unassigned.length} not placed`}
          </p>
          <button
            type="button"
            className={buttonClass({ className: 'flex-1' })}
            onClick={runApply}
            disabled={apply.isPending || create.isPending || stale}
          >
            {apply.isPending ? 'Applying…' : preview.changes ? 'Apply re-plan' : 'Apply plan'}
          </button>
          <button
            type="button"
            className={buttonClass({ variant: 'secondary' })}
            onClick={() => onPreview(null)}
            disabled={apply.isPending}
          >
            Discard
          </button>
        </div>
        {stale && (
          <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            <p className="font-semibold">This preview is out of date.</p>
            <p>A job or a driver changed since it was made. Plan again to see the routes as things stand now.</p>
            {preview.changes ? (
              <p className="mt-1 font-medium">Press “Re-plan the rest of today” again.</p>
            ) : (
              <button
                type="button"
                className={buttonClass({ size: 'sm', className: 'mt-2' })}
                onClick={runPreview}
                disabled={create.isPending}
              >
                <RefreshCw aria-hidden="true" className="size-4" />
                Plan again
              </button>
            )}
          </div>
        )}
        {preview.objective && <ObjectiveParts objective={preview.objective} />}
        {preview.changes && <PlanChanges changes={preview.changes} />}
        <PlanRoutes routes={preview.routes} unassigned={preview.unassigned} />
      </div>
    );
  }

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        runPreview();
      }}
    >
      <fieldset>
        <legend className="text-sm font-semibold text-slate-800">When</legend>
        <div className="mt-1.5 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-700">
          <label className="inline-flex items-center gap-2">
            <input type="radio" name={`${ids}-when`} checked={when === 'now'} onChange={() => setWhen('now')} />
            From now
          </label>
          <label className="inline-flex items-center gap-2">
            <input type="radio" name={`${ids}-when`} checked={when === 'day'} onChange={() => setWhen('day')} />A day
          </label>
          {when === 'day' && (
            <input
              type="date"
              aria-label="Day to plan"
              value={date}
              onChange={(e) => setDate(e.target.value)}
              className="h-9 rounded-lg border border-slate-300 px-2 text-sm"
            />
          )}
        </div>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-800">
          Drivers ({chosenDrivers.length} of {plannable.length} on shift)
        </legend>
        {drivers.length === 0 ? (
          <p className="mt-1 text-sm text-slate-500">No active driver.</p>
        ) : (
          <ul className="mt-1.5 grid max-h-40 gap-1 overflow-y-auto text-sm sm:grid-cols-2 lg:grid-cols-1 2xl:grid-cols-2">
            {drivers.map((d) => (
              <li key={d.driverId}>
                <label className={clsx('inline-flex items-center gap-2', d.shift ? 'text-slate-700' : 'text-slate-500')}>
                  <input
                    type="checkbox"
                    className={checkboxClass}
                    disabled={!d.shift}
                    checked={!!d.shift && !skippedDrivers.has(d.driverId)}
                    onChange={() => setSkippedDrivers((s) => toggle(s, d.driverId))}
                  />
                  {d.name}
                  <span className="text-xs text-slate-500">{d.shift ?? 'no shift set'}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input type="checkbox" className={`${checkboxClass} mt-0.5`} checked={reassign} onChange={(e) => setReassign(e.target.checked)} />
        <span>
          Let it move assigned jobs
          <span className="block text-xs text-slate-500">
            Off: an assigned job stays with its driver (its place in the route may change).
          </span>
        </span>
      </label>
      <details className="rounded-xl border border-slate-200">
        <summary className="cursor-pointer px-3 py-2 text-sm font-semibold text-slate-800">
          Jobs ({chosenJobs.length} of {eligible.length})
        </summary>
        {eligible.length === 0 ? (
          <p className="px-3 pb-3 text-sm text-slate-500">No job waits to be planned.</p>
        ) : (
          <fieldset className="max-h-56 overflow-y-auto px-3 pb-3">
            <legend className="sr-only">Jobs to plan</legend>
            <ul className="space-y-1 text-sm">
              {eligible.map((c) => (
                <li key={c.deliveryId}>
                  <label className="inline-flex items-center gap-2 text-slate-700">
                    <input
                      type="checkbox"
                      className={checkboxClass}
                      checked={!skippedJobs.has(c.deliveryId)}
                      onChange={() => setSkippedJobs((s) => toggle(s, c.deliveryId))}
                    />
                    <span className="font-mono">#{c.trackingNumber}</span>
                    {c.stat && <span className="rounded bg-orange-100 px-1 text-xs font-semibold text-orange-800">STAT</span>}
                    {c.driverName && <span className="text-xs text-slate-500">{c.driverName}</span>}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
      </details>
      <button
        type="submit"
        className={buttonClass({ className: 'w-full' })}
        disabled={create.isPending || chosenDrivers.length === 0 || chosenJobs.length === 0}
      >
        <Route aria-hidden="true" className="size-4" />
        {create.isPending ? 'Planning…' : 'Preview plan'}
      </button>
    </form>
  );
}
