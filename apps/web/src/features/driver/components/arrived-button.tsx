import type { TDriverArrivedRequest } from '@courier/contract';
import { MapPinCheck } from 'lucide-react';
import { formatDateTime } from '@/lib/format-date';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useMarkArrived } from '../api/mark-arrived';

/**
 * "Arrived" at a stop: tapped when the driver gets there, so waiting (charged past the card's grace) runs from
 * then to the pickup scan or the proof of delivery. Once tapped, the time shows instead.
 */
export function ArrivedButton({
  jobId,
  stop,
  arrivedAt,
}: {
  jobId: string;
  stop: TDriverArrivedRequest['stop'];
  arrivedAt: string | null;
}) {
  const arrive = useMarkArrived(jobId);
  if (arrivedAt) {
    return (
      <p className="mt-3 flex items-center gap-1.5 text-sm font-medium text-emerald-800">
        <MapPinCheck aria-hidden="true" className="size-4" />
        Arrived {formatDateTime(arrivedAt)}
      </p>
    );
  }
  return (
    <button
      type="button"
      disabled={arrive.isPending}
      onClick={() =>
        arrive.mutate(stop, { onError: (error) => toast.error(errorMessage(error, 'Your arrival could not be recorded. Try again.')) })
      }
      className="mt-3 flex h-12 w-full items-center justify-center gap-2 rounded-xl bg-emerald-700 text-sm font-semibold text-white active:bg-emerald-800 disabled:opacity-60"
    >
      <MapPinCheck aria-hidden="true" className="size-4" />
      {arrive.isPending ? 'Recording...' : `Arrived at ${stop === 'pickup' ? 'pickup' : 'drop-off'}`}
    </button>
  );
}
