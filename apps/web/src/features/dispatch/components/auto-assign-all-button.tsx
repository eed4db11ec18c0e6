import { LoaderCircle, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useAutoAssignApproved } from '../api/auto-assign-approved';
import { OutcomeDialog, type TOutcomeRow } from './outcome-dialog';

/** "Auto-assign all approved": every job waiting for a driver, STAT first; one summary of who got what and why. */
export function AutoAssignAllButton() {
  const [outcome, setOutcome] = useState<{ title: string; rows: TOutcomeRow[] } | null>(null);
  const auto = useAutoAssignApproved({
    onSuccess: (body) => {
      const { results } = body.data;
      if (!results.length) {
        toast.info('No approved job waits for a driver.');
        return;
      }
      setOutcome({
        title: body.message.replace(/^./, (c) => c.toUpperCase()),
        rows: results.map((r) => ({
          id: r.deliveryId,
          label: `#${r.trackingNumber ?? r.deliveryId}`,
          ok: r.ok,
          text: r.ok ? `To ${r.driverName}. ${r.reason}` : r.reason,
        })),
      });
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not auto-assign the approved jobs')),
  });
  return (
    <>
      <button
        type="button"
        className={buttonClass({ size: 'sm', variant: 'secondary' })}
        disabled={auto.isPending}
        onClick={() => auto.mutate()}
      >
        {auto.isPending ? (
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <Sparkles aria-hidden="true" className="size-4" />
        )}
        Auto-assign all approved
      </button>
      <OutcomeDialog title={outcome?.title ?? ''} rows={outcome?.rows ?? null} onClose={() => setOutcome(null)} />
    </>
  );
}
