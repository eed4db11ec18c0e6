import { ATTEMPT_REASON_LABELS, EXCEPTION_DECISION_MINUTES, type TAdminDelivery } from '@courier/contract';
import { Camera, TriangleAlert, Undo2 } from 'lucide-react';
import { formatTime } from '@/lib/format-date';

/** On a failed attempt or a return: the reason, the attempt count, the photo and whether a decision is overdue. */
export function ExceptionSummary({ delivery: d }: { delivery: TAdminDelivery }) {
  if (d.status !== 'failed_attempt' && d.status !== 'returning') return null;
  const last = d.attempts.at(-1);
  const count = d.attempts.length;
  return (
    <div className="mt-2 rounded-lg bg-amber-50 px-2.5 py-2 text-sm text-amber-950 ring-1 ring-amber-200">
      {d.status === 'returning' ? (
        <p className="flex items-center gap-1.5 font-semibold">
          <Undo2 aria-hidden="true" className="size-4" />
          Returning to sender{count ? ` after ${count} ${count === 1 ? 'attempt' : 'attempts'}` : ''}
          {d.cancelReason ? ` · cancelled: ${d.cancelReason}` : ''}
        </p>
      ) : (
        last && (
          <p className="flex flex-wrap items-center gap-x-1.5 font-semibold">
            <TriangleAlert aria-hidden="true" className="size-4" />
            Attempt {last.n} failed: {ATTEMPT_REASON_LABELS[last.reason]}
            <span className="font-normal text-amber-900">at {formatTime(last.at)}</span>
          </p>
        )
      )}
      {d.status === 'failed_attempt' && last?.note && <p className="mt-0.5 text-amber-900">“{last.note}”</p>}
      <p className="mt-1 flex flex-wrap items-center gap-2 text-xs">
        <span className="rounded-full bg-white px-2 py-0.5 font-semibold ring-1 ring-amber-200">
          {count} {count === 1 ? 'attempt' : 'attempts'}
        </span>
        {last?.photo && (
          <a
            href={last.photo}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 font-semibold text-brand-800 underline"
          >
            <Camera aria-hidden="true" className="size-3.5" />
            Photo
          </a>
        )}
        {d.decisionLate && (
          <span className="rounded-full bg-red-700 px-2 py-0.5 font-semibold text-white">
            Late decision: waiting over {EXCEPTION_DECISION_MINUTES} min
          </span>
        )}
        {d.status === 'failed_attempt' && !d.canReattempt && (
          <span className="font-semibold text-red-800">No attempts left: return only</span>
        )}
      </p>
    </div>
  );
}
