import type { TMapRoute } from '../lib/map-view';
import type { TUnassignedView } from '../lib/plan-view';

/** A plan in words: per driver, the ordered stops with arrival times; then what could not be placed, and why. */
export function PlanRoutes({ routes, unassigned }: { routes: TMapRoute[]; unassigned: TUnassignedView[] }) {
  return (
    <div className="space-y-4">
      <ol className="space-y-3" aria-label="Planned routes">
        {routes.map((route) => (
          <li key={route.driverId} className="rounded-xl border border-slate-200">
            <h4 className="flex items-center gap-2 border-b border-slate-100 px-3 py-2 text-sm font-semibold text-slate-900">
              <span aria-hidden="true" className="h-1.5 w-5 rounded-full" style={{ background: route.color }} />
              {route.name}
              <span className="ml-auto text-xs font-normal text-slate-500">
                {route.stops.length === 0 ? 'no stop' : `${route.stops.length} ${route.stops.length === 1 ? 'stop' : 'stops'}`}
              </span>
            </h4>
            {route.stops.length > 0 && (
              <ol className="divide-y divide-slate-50 text-sm" aria-label={`Stops of ${route.name}`}>
                {route.stops.map((stop) => (
                  <li key={`${stop.deliveryId}-${stop.kind}`} className="flex items-start gap-2 px-3 py-1.5">
                    <span
                      aria-hidden="true"
                      className="mt-0.5 flex size-5 shrink-0 items-center justify-center text-[10px] font-bold text-white"
                      style={{ background: route.color, borderRadius: stop.kind === 'pickup' ? 9999 : 4 }}
                    >
                      {stop.n}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block text-slate-800">
                        <span className="sr-only">Stop {stop.n}: </span>
                        {stop.kind === 'pickup' ? 'Pickup' : 'Drop'} <span className="font-mono">#{stop.trackingNumber}</span>
                      </span>
                      <span className="block truncate text-xs text-slate-500">{stop.address}</span>
                    </span>
                    <span className="shrink-0 font-medium text-slate-700 tabular-nums">{stop.arrivalText}</span>
                  </li>
                ))}
              </ol>
            )}
          </li>
        ))}
      </ol>
      {unassigned.length > 0 && (
        <section aria-labelledby="plan-unassigned" className="rounded-xl border border-amber-200 bg-amber-50 p-3">
          <h4 id="plan-unassigned" className="text-sm font-semibold text-amber-900">
            Not placed ({unassigned.length})
          </h4>
          <ul className="mt-1 space-y-1 text-sm text-amber-900">
            {unassigned.map((u) => (
              <li key={u.deliveryId}>
                <span className="font-mono font-semibold">#{u.trackingNumber}</span>: {u.reasonText}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
