import { Siren } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useApplyRoutePlan } from '../api/apply-route-plan';
import { useCreateInsertion } from '../api/create-insertion';
import { insertionSummary } from '../lib/insertion';

export interface TStatWaiting {
  deliveryId: string;
  trackingNumber: string;
  address: string;
}

/**
 * A STAT approved while routes run, not yet assigned: one click finds the route that takes it and keeps
 * everyone's windows (stops under way stay put), applies it, and says which driver took it.
 */
export function StatInsertions({ waiting, driverNames }: { waiting: TStatWaiting[]; driverNames: ReadonlyMap<string, string> }) {
  const insertion = useCreateInsertion();
  const apply = useApplyRoutePlan();
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Record<string, string>>({});

  if (waiting.length === 0) return null;

  const insert = async (stat: TStatWaiting) => {
    setBusy(stat.deliveryId);
    try {
      const plan = await insertion.mutateAsync(stat.deliveryId);
      const summary = insertionSummary(plan, stat.deliveryId, driverNames);
      if (!summary.placed) {
        setOutcome((o) => ({ ...o, [stat.deliveryId]: summary.text }));
        toast.error(`#${stat.trackingNumber}: ${summary.text}`);
        return;
      }
      await apply.mutateAsync(plan._id);
      toast.success(`#${stat.trackingNumber} ${summary.text}`);
    } catch (error) {
      toast.error(errorMessage(error, 'Could not insert the STAT job'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="stat-waiting" className="mb-4 rounded-2xl border border-orange-200 bg-orange-50 p-3 sm:p-4">
      <h2 id="stat-waiting" className="flex items-center gap-2 text-base font-semibold text-orange-900">
        <Siren aria-hidden="true" className="size-5" />
        STAT waiting for a driver ({waiting.length})
      </h2>
      <ul className="mt-2 space-y-2">
        {waiting.map((stat) => (
          <li
            key={stat.deliveryId}
            className="flex flex-col gap-2 rounded-xl bg-white p-3 ring-1 ring-orange-100 sm:flex-row sm:items-center"
          >
            <span className="min-w-0 flex-1 text-sm">
              <span className="font-mono font-semibold text-slate-900">#{stat.trackingNumber}</span>
              <span className="block truncate text-slate-600">{stat.address}</span>
              {outcome[stat.deliveryId] && <span className="block text-xs font-medium text-red-700">{outcome[stat.deliveryId]}</span>}
            </span>
            <button
              type="button"
              className={buttonClass({ size: 'sm', className: 'shrink-0' })}
              disabled={busy !== null}
              onClick={() => void insert(stat)}
            >
              {busy === stat.deliveryId ? 'Inserting…' : 'Insert into best route'}
              <span className="sr-only"> #{stat.trackingNumber}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
