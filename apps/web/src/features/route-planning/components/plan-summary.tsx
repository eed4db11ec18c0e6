import type { TPlanChange, TPlanObjective } from '@courier/contract';
import { changeText, objectiveParts } from '../lib/plan-summary';

/** The objective in its parts: driving, lateness, balance and the stops the plan moves. */
export function ObjectiveParts({ objective }: { objective: TPlanObjective }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-2 xl:grid-cols-4" aria-label="The plan's objective">
      {objectiveParts(objective).map((p) => (
        <div key={p.label} className="rounded-xl bg-slate-50 px-3 py-2" title={p.hint}>
          <dt className="text-xs font-medium text-slate-600">{p.label}</dt>
          <dd className="text-base font-semibold text-slate-900 tabular-nums">{p.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What a re-plan changes, STATs first: which jobs move between drivers and which change place in a route. */
export function PlanChanges({ changes }: { changes: TPlanChange[] }) {
  return (
    <section aria-labelledby="plan-changes" className="rounded-xl border border-brand-200 bg-brand-50/60 p-3">
      <h4 id="plan-changes" className="text-sm font-semibold text-slate-900">
        {changes.length === 0 ? 'No changes: the routes stay as they are' : `Changes (${changes.length})`}
      </h4>
      {changes.length > 0 && (
        <ul className="mt-1.5 space-y-1 text-sm text-slate-800" aria-label="Changes">
          {changes.map((c) => (
            <li key={c.deliveryId} className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-mono font-semibold">#{c.trackingNumber}</span>
              {c.priority === 'stat' && <span className="rounded bg-orange-100 px-1 text-xs font-semibold text-orange-800">STAT</span>}
              <span>{changeText(c)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
