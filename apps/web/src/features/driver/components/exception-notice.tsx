import { ATTEMPT_REASON_LABELS, type TDeliveryStatus, type TDriverJob } from '@courier/contract';
import { TriangleAlert, Undo2, Users } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format-date';

/** Beside the big button on a job on its way to the recipient: the way to record a failed drop. */
export function CouldNotDeliverLink({ job, status }: { job: TDriverJob; status: TDeliveryStatus }) {
  if (status !== 'in_transit') return null;
  return (
    <Link
      to={paths.driverFailedAttempt(job._id)}
      className="flex h-16 shrink-0 items-center justify-center gap-2 rounded-2xl bg-white px-4 text-base font-bold text-red-700 ring-2 ring-red-200 ring-inset active:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
    >
      <TriangleAlert aria-hidden="true" className="size-5" />
      Could not deliver
    </Link>
  );
}

/** What an exception means for the driver: wait for dispatch, collect from a colleague, or take it back. */
export function ExceptionNotice({ job, status }: { job: TDriverJob; status: TDeliveryStatus }) {
  const last = job.attempts.at(-1);
  if (status === 'failed_attempt') {
    return (
      <p role="status" className="flex items-start gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          {last ? `Attempt ${last.n} failed (${ATTEMPT_REASON_LABELS[last.reason].toLowerCase()}). ` : 'Attempt recorded. '}
          Keep the parcel on board: dispatch will send you back in a new window or ask you to return it.
        </span>
      </p>
    );
  }
  if (status === 'returning') {
    return (
      <p role="status" className="flex items-start gap-2 rounded-xl bg-violet-50 px-3 py-2 text-sm text-violet-950 ring-1 ring-violet-200">
        <Undo2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          Return to sender: take the parcel back to the pickup address and get the hand-back proof (name, and signature or photo).
        </span>
      </p>
    );
  }
  if (job.collectFrom && (status === 'assigned' || status === 'moving_to_pickup_location')) {
    return (
      <p role="status" className="flex items-start gap-2 rounded-xl bg-sky-50 px-3 py-2 text-sm text-sky-950 ring-1 ring-sky-200">
        <Users aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          Second attempt: collect the parcel from {job.collectFrom} (scan its label), then deliver
          {last?.nextWindow ? ` between ${formatDateTime(last.nextWindow.from)} and ${formatDateTime(last.nextWindow.to)}` : ''}.
        </span>
      </p>
    );
  }
  if (status === 'in_transit' && last?.decision === 'reattempt' && last.nextWindow) {
    return (
      <p role="status" className="rounded-xl bg-sky-50 px-3 py-2 text-sm text-sky-950 ring-1 ring-sky-200">
        Attempt {last.n + 1}: deliver between {formatDateTime(last.nextWindow.from)} and {formatDateTime(last.nextWindow.to)}.
      </p>
    );
  }
  return null;
}
