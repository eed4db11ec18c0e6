import {
  DELIVERY_TYPE_LABELS,
  holdAllowsMove,
  holdStateOf,
  ON_BOARD_STATUSES,
  PACKAGE_SIZE_LABELS,
  PACKAGE_TYPE_LABELS,
} from '@courier/contract';
import { CloudUpload, PenLine, TriangleAlert } from 'lucide-react';
import { useParams } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatDateTime } from '@/lib/format-date';
import { requiredByCountdown, useNow } from '@/lib/required-by';
import { ArrivedButton } from '../components/arrived-button';
import { BackLink } from '../components/back-to-jobs';
import { CouldNotDeliverLink, ExceptionNotice } from '../components/exception-notice';
import { JobStop } from '../components/job-stop';
import { NextActionButton } from '../components/next-action-button';
import { HoldBanner, TemperatureStep } from '../components/temperature-step';
import { HandlingBadges } from '@/components/ui/handling-badges';
import { finishedNote, nextAction } from '../lib/next-action';
import { useJobView } from '../lib/use-job';

/** /driver/jobs/{id}: the job in full, call and maps links for each stop, and the big button. */
export function DriverJobPage() {
  const { id = '' } = useParams();
  const { view, stop, isPending } = useJobView(id);
  const now = useNow();
  if (isPending) return <PageSpinner />;
  if (!view) {
    return (
      <section className="mx-auto max-w-xl px-4 py-6">
        <BackLink />
        <h1 className="mt-4 text-xl font-bold text-slate-900">Job not found</h1>
        <p className="mt-1 text-sm text-slate-600">It is no longer on your run.</p>
      </section>
    );
  }
  const { job, status, waiting } = view;
  const atDropOff = ON_BOARD_STATUSES.includes(status);
  const countdown = requiredByCountdown(job.requiredBy, status, now);
  const action = nextAction(status);

  return (
    <section className="mx-auto w-full max-w-xl px-4 pt-2 pb-28">
      <title>{`Job #${job.orderId} · MedCourier`}</title>
      <BackLink />
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <h1 className="font-mono text-xl font-bold text-slate-900">#{job.orderId}</h1>
        <StatusBadge status={status} />
        <HandlingBadges handling={job} />
      </div>
      <HoldBanner job={job} />
      {waiting && (
        <p className="mt-2 flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <CloudUpload aria-hidden="true" className="size-4" />
          Your last update waits on this phone to be sent.
        </p>
      )}
      <p className="mt-1 text-sm text-slate-600">
        {stop ? `Job ${stop} of today's run` : finishedNote(status)}
        {job.requiredBy && ` · required by ${formatDateTime(job.requiredBy)}`}
        {countdown.urgency === 'late' && <strong className="ml-1 text-red-700">({countdown.label})</strong>}
      </p>

      <div className="mt-4 space-y-3">
        <ExceptionNotice job={job} status={status} />
        {status !== 'returning' && status !== 'returned' && (
          <JobStop
            title="Pickup"
            name={job.senderName}
            phone={job.senderPhone}
            address={job.pickupAddress}
            coords={job.pickupCoords}
            current={!atDropOff && status !== 'delivered'}
          >
            {(status === 'assigned' || status === 'moving_to_pickup_location') && (
              <ArrivedButton jobId={job._id} stop="pickup" arrivedAt={job.pickupArrivedAt ?? null} />
            )}
          </JobStop>
        )}
        <JobStop
          title={status === 'returning' || status === 'returned' ? 'Return to sender' : 'Drop-off'}
          name={job.recipientName}
          phone={job.recipientPhone}
          address={job.deliveryAddress}
          coords={job.deliveryCoords}
          current={atDropOff}
        >
          {(status === 'picked_up' || status === 'in_transit') && (
            <ArrivedButton jobId={job._id} stop="dropoff" arrivedAt={job.dropoffArrivedAt ?? null} />
          )}
        </JobStop>

        <section aria-label="Package" className="rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-sm">
          <h2 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Package</h2>
          <p className="mt-1 text-slate-900">
            {PACKAGE_TYPE_LABELS[job.packageType]} · {PACKAGE_SIZE_LABELS[job.packageSize]} · {DELIVERY_TYPE_LABELS[job.deliveryType]}
          </p>
          {job.requiresSignature && (
            <p className="mt-2 flex items-center gap-1.5 font-semibold text-amber-800">
              <PenLine aria-hidden="true" className="size-4" />
              {status === 'returning' ? "Sender's signature required" : "Recipient's signature required"}
            </p>
          )}
          {job.specialInstructions && (
            <p className="mt-2 flex items-start gap-1.5 rounded-lg bg-amber-50 p-2 text-amber-900">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {job.specialInstructions}
            </p>
          )}
        </section>

        <TemperatureStep job={job} status={status} />

        {job.pod && (
          <section aria-label="Proof of delivery" className="rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-sm">
            <h2 className="font-semibold text-emerald-900">Delivered to {job.pod.recipientName}</h2>
            <p className="text-emerald-800">{formatDateTime(job.pod.timestamp)}</p>
          </section>
        )}
      </div>

      {/* A hold stops every step towards the recipient (the contract's hold table); the hand-back stays. */}
      {action && holdAllowsMove(holdStateOf(job), status, action.to) && (
        <div className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur">
          <div className="mx-auto flex max-w-xl gap-2">
            <NextActionButton view={view} className="min-w-0 flex-1" />
            <CouldNotDeliverLink job={job} status={status} />
          </div>
        </div>
      )}
    </section>
  );
}
