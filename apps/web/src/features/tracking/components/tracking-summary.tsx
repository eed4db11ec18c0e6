import { MESSAGES, acceptsFeedback, ON_HOLD_STATUS_WORD } from '@courier/contract';
import { CalendarClock, MapPin, MessageSquareHeart, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useOrderDetails } from '@/domain/tracking/api/get-order-details';
import type { TTrackingResult } from '@courier/contract';
import { formatEventTime } from '../lib/format-time';
import { formatEstimate } from '@/lib/format-date';
import { deliveredAt, placeText } from '../lib/tracking-view';
import { StatusBadge } from '@/components/ui/status-badge';

function Fact({ icon, label, children, hint }: { icon: ReactNode; label: string; children: ReactNode; hint?: ReactNode }) {
  return (
    // dt and dd sit right in the group's div (axe's definition-list rule); the icon hangs in the padding.
    <div className="relative min-h-18 min-w-0 rounded-xl bg-slate-50 p-4 pl-17 ring-1 ring-slate-200/70">
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        <span className="absolute top-4 left-4 flex size-10 items-center justify-center rounded-lg bg-white text-brand-600 ring-1 ring-slate-200">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-0.5 font-semibold break-words text-slate-900">{children}</dd>
      {hint && <dd className="text-sm text-slate-500">{hint}</dd>}
    </div>
  );
}

/** Delivered and not yet rated: invite the visitor to the feedback form. */
function FeedbackPrompt({ trackingNumber }: { trackingNumber: string }) {
  const details = useOrderDetails(trackingNumber);
  if (!details.data) return null;
  if (details.data.feedbackSubmitted) {
    return (
      <p className="mt-5 flex items-center gap-2 text-sm text-slate-600">
        <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-400" />
        Thank you, your feedback on this delivery has been received.
      </p>
    );
  }
  return (
    <div className="mt-5 flex flex-col gap-3 rounded-xl bg-emerald-50 p-4 ring-1 ring-emerald-200 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-center gap-2 text-sm font-medium text-emerald-900">
        <MessageSquareHeart aria-hidden="true" className="size-5 shrink-0 text-emerald-700" />
        Your package was delivered. How did we do?
      </p>
      <Link to={paths.feedback(trackingNumber)} className={buttonClass({ size: 'sm', className: 'shrink-0' })}>
        Leave feedback
      </Link>
    </div>
  );
}

/** The headline facts of a lookup: number, status, where the parcel is and when it should arrive. */
export function TrackingSummary({ result }: { result: TTrackingResult }) {
  const now = new Date();
  const current = placeText(result.currentLocation);
  const updated = result.currentLocation
    ? (formatEventTime(result.currentLocation.updatedAt, now) ?? result.currentLocation.displayTime)
    : null;
  // An estimate carries its day; a delivered parcel shows when it was handed over instead.
  const estimate = result.estimatedDelivery
    ? formatEstimate(result.estimatedDelivery) || result.estimatedDeliveryDisplay
    : result.estimatedDeliveryDisplay;
  const handedOver = deliveredAt(result);

  return (
    <section aria-labelledby="tracking-result" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Tracking number</p>
          <h2 id="tracking-result" className="font-mono text-xl font-bold tracking-wider break-all text-slate-900 sm:text-2xl">
            {result.trackingNumber}
          </h2>
        </div>
        <div className="flex items-center gap-2">
          <span className="sr-only">Status:</span>
          <StatusBadge status={result.status} rejected={result.rejected} className="px-3 py-1 text-sm" />
          {/* Minimum necessary: a hold shows as this status word only, never why. */}
          {result.onHold && (
            <span className="inline-flex items-center rounded-full bg-red-600 px-3 py-1 text-sm font-semibold text-white">
              {ON_HOLD_STATUS_WORD}
            </span>
          )}
        </div>
      </div>
      <dl className="mt-5 grid gap-3 sm:grid-cols-2">
        <Fact
          icon={<MapPin aria-hidden="true" className="size-5" />}
          label="Current location"
          hint={current && updated ? `Updated ${updated}` : undefined}
        >
          <span data-testid="current-location">{current ?? MESSAGES.notAvailable}</span>
        </Fact>
        {result.status === 'delivered' ? (
          <Fact icon={<CalendarClock aria-hidden="true" className="size-5" />} label="Delivered">
            <span data-testid="delivered-at">{handedOver ? formatEstimate(handedOver) : 'Delivered'}</span>
          </Fact>
        ) : (
          <Fact icon={<CalendarClock aria-hidden="true" className="size-5" />} label="Estimated delivery">
            <span data-testid="estimated-delivery">{estimate ?? MESSAGES.notAvailable}</span>
            {result.arrivingSoon && <span className="block font-semibold text-brand-800">{result.arrivingSoon}</span>}
          </Fact>
        )}
      </dl>
      {acceptsFeedback(result.status, result.rejected) && <FeedbackPrompt trackingNumber={result.trackingNumber} />}
    </section>
  );
}
