import clsx from 'clsx';
import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react';
import { useId, useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { useSetDriverRoute } from '../api/set-driver-route';
import { moved, type TAppliedRoute } from '../lib/applied-routes';

/**
 * The applied routes, one per driver, with planned against actual. Dispatch drags a job to resequence it (or uses
 * the up and down buttons, the keyboard's way), or moves a job not yet picked up to another driver; the driver's
 * phone follows.
 */
export function DriverRoutes({ routes, drivers }: { routes: TAppliedRoute[]; drivers: { driverId: string; name: string }[] }) {
  const setRoute = useSetDriverRoute();
  const [said, setSaid] = useState('');
  const save = (driverId: string, deliveryIds: string[], done: string) =>
    setRoute.mutate(
      { driverId, deliveryIds },
      { onSuccess: () => setSaid(done), onError: (error) => setSaid(errorMessage(error, 'Could not change the route.')) },
    );
  if (!routes.length) return <p className="text-sm text-slate-500">No route applied yet: plan and apply routes first.</p>;
  return (
    <div className="space-y-4">
      <p aria-live="polite" className={clsx('text-sm', said ? 'text-slate-700' : 'sr-only')}>
        {said}
      </p>
      {routes.map((route) => (
        <RouteCard
          key={route.driverId}
          route={route}
          others={drivers.filter((d) => d.driverId !== route.driverId)}
          busy={setRoute.isPending}
          onOrder={(ids, what) => save(route.driverId, ids, what)}
          onMove={(deliveryId, to, what) =>
            save(to, [...(routes.find((r) => r.driverId === to)?.jobs.map((j) => j.deliveryId) ?? []), deliveryId], what)
          }
        />
      ))}
    </div>
  );
}

function RouteCard({
  route,
  others,
  busy,
  onOrder,
  onMove,
}: {
  route: TAppliedRoute;
  others: { driverId: string; name: string }[];
  busy: boolean;
  onOrder: (ids: string[], what: string) => void;
  onMove: (deliveryId: string, to: string, what: string) => void;
}) {
  const titleId = useId();
  const [dragged, setDragged] = useState<string | null>(null);
  const ids = route.jobs.map((j) => j.deliveryId);
  const shift = (id: string, by: number, tracking: string) => {
    const next = moved(ids, id, by);
    if (next.join() !== ids.join()) onOrder(next, `#${tracking} is now stop ${next.indexOf(id) + 1} on ${route.name}'s route`);
  };
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-slate-200">
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-3 py-2">
        <h3 id={titleId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <span aria-hidden="true" className="h-1.5 w-5 rounded-full" style={{ background: route.color }} />
          {route.name}
        </h3>
        <span className="text-xs text-slate-600">{route.progressText}</span>
      </header>
      {route.jobs.length === 0 ? (
        <p className="px-3 py-2 text-sm text-slate-500">Every job of the route is done.</p>
      ) : (
        <ol aria-label={`${route.name}'s stops in order`} className="divide-y divide-slate-100">
          {route.jobs.map((job, i) => (
            <li
              key={job.deliveryId}
              draggable={!busy}
              onDragStart={(e) => {
                setDragged(job.deliveryId);
                e.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                if (dragged && dragged !== job.deliveryId) {
                  const tracking = route.jobs.find((j) => j.deliveryId === dragged)?.trackingNumber ?? '';
                  shift(dragged, i - ids.indexOf(dragged), tracking);
                }
                setDragged(null);
              }}
              className={clsx('flex flex-wrap items-center gap-2 px-2 py-2 text-sm', dragged === job.deliveryId && 'bg-brand-50')}
            >
              <GripVertical aria-hidden="true" className="size-4 shrink-0 cursor-grab text-slate-400" />
              <span className="w-5 shrink-0 text-right font-semibold text-slate-700">{i + 1}.</span>
              {/* On a phone the buttons wrap below the job rather than squeezing its words. */}
              <span className="min-w-[12rem] flex-1">
                <span className="flex flex-wrap items-center gap-1.5">
                  <span className="font-mono font-semibold text-slate-900">#{job.trackingNumber}</span>
                  {job.stat && <span className="rounded bg-orange-100 px-1.5 text-xs font-semibold text-orange-800">STAT</span>}
                  {job.late && <span className="rounded bg-red-100 px-1.5 text-xs font-semibold text-red-800">Late</span>}
                </span>
                <span className="block text-xs text-slate-600">
                  {job.nextText}
                  {job.etaText && ` · drop expected ${job.etaText}`}
                </span>
              </span>
              <span className="ml-auto flex shrink-0 items-center gap-1">
                <button
                  type="button"
                  disabled={busy || i === 0}
                  onClick={() => shift(job.deliveryId, -1, job.trackingNumber)}
                  aria-label={`Move #${job.trackingNumber} up`}
                  className={buttonClass({ variant: 'ghost', size: 'sm', className: 'px-2 disabled:opacity-40' })}
                >
                  <ArrowUp aria-hidden="true" className="size-4" />
                </button>
                <button
                  type="button"
                  disabled={busy || i === route.jobs.length - 1}
                  onClick={() => shift(job.deliveryId, 1, job.trackingNumber)}
                  aria-label={`Move #${job.trackingNumber} down`}
                  className={buttonClass({ variant: 'ghost', size: 'sm', className: 'px-2 disabled:opacity-40' })}
                >
                  <ArrowDown aria-hidden="true" className="size-4" />
                </button>
                {job.movable && others.length > 0 && (
                  <select
                    aria-label={`Move #${job.trackingNumber} to another driver`}
                    disabled={busy}
                    value=""
                    onChange={(e) => {
                      const to = others.find((d) => d.driverId === e.target.value);
                      if (to) onMove(job.deliveryId, to.driverId, `#${job.trackingNumber} moved to ${to.name}`);
                    }}
                    className="h-8 max-w-36 rounded-lg border border-slate-300 bg-white px-1 text-xs text-slate-700"
                  >
                    <option value="">Move to…</option>
                    {others.map((d) => (
                      <option key={d.driverId} value={d.driverId}>
                        {d.name}
                      </option>
                    ))}
                  </select>
                )}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
