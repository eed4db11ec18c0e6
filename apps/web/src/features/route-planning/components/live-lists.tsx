import clsx from 'clsx';
import { onMap } from '../lib/live-view';
import type { TMapDriver, TMapJob } from '../lib/map-view';

/** The map's content as lists: what a screen reader, a keyboard, or a phone with no tiles uses. */
export function LiveLists({ drivers, jobs }: { drivers: TMapDriver[]; jobs: TMapJob[] }) {
  const byJob = new Map<string, TMapJob[]>();
  for (const job of jobs) byJob.set(job.deliveryId, [...(byJob.get(job.deliveryId) ?? []), job]);
  return (
    <div className="space-y-5">
      <section aria-labelledby="live-drivers">
        <h3 id="live-drivers" className="mb-2 text-sm font-semibold tracking-wide text-slate-600 uppercase">
          Drivers on the map ({drivers.length})
        </h3>
        {drivers.length === 0 ? (
          <p className="text-sm text-slate-500">No driver has shared a position yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
            {drivers.map((d) => (
              <li key={d.driverId} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                <span className="min-w-0">
                  <span className="block truncate font-medium text-slate-900">{d.name}</span>
                  <span className="block text-xs text-slate-500">{d.currentJob ? `On #${d.currentJob}` : 'No job under way'}</span>
                </span>
                <span className="shrink-0 text-xs text-slate-600">{d.age}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="live-jobs">
        <h3 id="live-jobs" className="mb-2 text-sm font-semibold tracking-wide text-slate-600 uppercase">
          Open jobs ({byJob.size})
        </h3>
        {byJob.size === 0 ? (
          <p className="text-sm text-slate-500">No open job.</p>
        ) : (
          // Scrolls on its own: a tab stop, so a keyboard can scroll it too.
          <ul
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (WCAG 2.1.1)
            tabIndex={0}
            aria-labelledby="live-jobs"
            className="max-h-80 divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {[...byJob.values()].map((stops) => {
              const first = stops[0];
              return (
                <li key={first.deliveryId} className="px-3 py-2 text-sm">
                  <span className="flex flex-wrap items-center gap-1.5">
                    <span className="font-mono font-semibold text-slate-900">#{first.trackingNumber}</span>
                    {first.stat && <span className="rounded bg-orange-100 px-1.5 text-xs font-semibold text-orange-800">STAT</span>}
                    {first.late && <span className="rounded bg-red-100 px-1.5 text-xs font-semibold text-red-800">late</span>}
                    <span className="text-xs text-slate-500">{first.driverName ?? 'no driver'}</span>
                  </span>
                  {stops.map((s) => (
                    <span
                      key={s.kind}
                      className={clsx('block truncate text-xs', s.kind === 'pickup' ? 'text-slate-600' : 'text-slate-500')}
                    >
                      {s.kind === 'pickup' ? 'Pickup' : 'Drop'}: {s.address}
                      {!onMap(s) && ' (no map position)'}
                    </span>
                  ))}
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
