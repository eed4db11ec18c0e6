import { statusLabel } from '@courier/contract';
import clsx from 'clsx';
import { ArrowRight, LoaderCircle, PenLine, ScanLine } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { paths } from '@/config/paths';
import { currentCoords } from '../lib/current-coords';
import { nextAction } from '../lib/next-action';
import { newMoveKey } from '../lib/outbox-store';
import { useQueueMove } from '../lib/use-outbox';
import type { TJobView } from '../lib/use-job';

export const bigButtonClass =
  'flex h-16 w-full items-center justify-center gap-3 rounded-2xl bg-brand-600 px-5 text-lg font-bold text-white shadow-lg shadow-brand-600/20 active:bg-brand-800 disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** The one big button: the next move for this job (a plain move, or the pickup check, or the proof screen). */
export function NextActionButton({ view, className }: { view: TJobView; className?: string }) {
  const navigate = useNavigate();
  const queueMove = useQueueMove();
  const [busy, setBusy] = useState(false);
  const action = nextAction(view.status);
  if (!action) return null;

  const run = async () => {
    if (action.kind === 'pickup') return navigate(paths.driverPickup(view.job._id));
    if (action.kind === 'proof') return navigate(paths.driverProof(view.job._id));
    setBusy(true);
    try {
      const location = await currentCoords(2_500);
      const outcome = await queueMove({
        kind: 'status',
        key: newMoveKey(),
        deliveryId: view.job._id,
        orderId: view.job.orderId,
        queuedAt: new Date().toISOString(),
        body: { status: action.to, ...(location ? { location } : {}) },
      });
      if (outcome === 'sent') toast.success(`#${view.job.orderId}: ${statusLabel(action.to)}`);
      if (outcome === 'queued') toast.info('Saved on this phone; it will be sent when the network returns.');
    } finally {
      setBusy(false);
    }
  };

  const Icon = action.kind === 'pickup' ? ScanLine : action.kind === 'proof' ? PenLine : ArrowRight;
  return (
    <button type="button" className={clsx(bigButtonClass, className)} disabled={busy} onClick={() => void run()}>
      {busy ? <LoaderCircle aria-hidden="true" className="size-6 animate-spin" /> : <Icon aria-hidden="true" className="size-6" />}
      {action.label}
    </button>
  );
}
