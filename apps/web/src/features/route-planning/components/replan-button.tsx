import type { TRoutePlan } from '@courier/contract';
import { CalendarClock, Square } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { usePlanProgress } from '../api/get-plan-progress';
import { useReplanRoutes } from '../api/replan-routes';
import { useStopPlanSearch } from '../api/stop-plan-search';
import { newRunId } from '../lib/plan-summary';

/**
 * "Re-plan the rest of today": one press plans every driver on shift from where they are; while the search runs
 * it shows how far it got (polled once a second) and can be stopped early, which answers the best plan so far.
 */
export function ReplanButton({ onPlanned }: { onPlanned: (plan: TRoutePlan) => void }) {
  const [runId, setRunId] = useState<string | null>(null);
  const replan = useReplanRoutes();
  const stop = useStopPlanSearch();
  const progress = usePlanProgress(replan.isPending ? runId : null);
  const p = progress.data;

  const start = () => {
    const id = newRunId();
    setRunId(id);
    replan.mutate(
      { runId: id },
      {
        onSuccess: (plan) => onPlanned(plan),
        onError: (error) => toast.error(errorMessage(error, 'Could not re-plan the routes')),
        onSettled: () => setRunId(null),
      },
    );
  };

  const share = p ? Math.min(100, Math.round((p.elapsedMs / Math.max(1, p.limitMs)) * 100)) : 0;
  return (
    <div className="flex flex-col gap-2 sm:items-end">
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass()} onClick={start} disabled={replan.isPending}>
          <CalendarClock aria-hidden="true" className="size-4" />
          {replan.isPending ? 'Re-planning…' : 'Re-plan the rest of today'}
        </button>
        {replan.isPending && runId && (
          <button
            type="button"
            className={buttonClass({ variant: 'secondary' })}
            onClick={() => stop.mutate(runId)}
            disabled={stop.isPending || p?.stopping}
          >
            <Square aria-hidden="true" className="size-4" />
            {p?.stopping ? 'Stopping…' : 'Stop and show the best so far'}
          </button>
        )}
      </div>
      {replan.isPending && (
        <div className="w-full sm:w-80" role="status" aria-live="polite">
          <progress className="h-2 w-full accent-brand-600" max={100} value={share} aria-label="Re-plan progress" />
          <p className="text-xs text-slate-600">
            {p
              ? `${p.feasible ? 'Every job placed' : 'Placing jobs'} · ${p.iteration.toLocaleString('en-US')} steps · ${Math.round(p.elapsedMs / 1000)} s of ${Math.round(p.limitMs / 1000)} s`
              : 'Working out travel times…'}
          </p>
        </div>
      )}
    </div>
  );
}
