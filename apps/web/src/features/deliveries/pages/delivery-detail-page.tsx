import { PriceLines } from '@/domain/deliveries/components/price-lines';
import {
  MESSAGES,
  type TDeliveryDetail,
  canMoveStatus,
  deliveryTypeLabel,
  packageSizeLabel,
  packageTypeLabel,
  isRejectedByLab,
} from '@courier/contract';
import {
  CalendarSync,
  AlertCircle,
  ArrowLeft,
  CalendarClock,
  Camera,
  CircleCheckBig,
  ExternalLink,
  MapPin,
  Package,
  PackageX,
  Receipt,
  Repeat,
  TriangleAlert,
  UserRound,
  XCircle,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { OverdueBadge } from '@/components/ui/overdue-badge';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { formatEstimate } from '@/lib/format-date';
import { isOverdue } from '@/lib/overdue';
import { useCancelDelivery } from '../api/cancel-delivery';
import { useDelivery } from '../api/get-delivery';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DetailCard, DetailItem } from '@/components/ui/detail-card';
import { HandlingDetails } from '@/domain/deliveries/components/handling-details';
import { DeliveryCases } from '@/domain/deliveries/components/delivery-cases';
import { DeliveryPieces } from '@/domain/deliveries/components/delivery-pieces';
import { DeliveryAttempts } from '../components/delivery-attempts';
import { DeliveryTimeline } from '../components/delivery-timeline';
import { ShippingLabelSection } from '../components/shipping-label-section';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatDateTime } from '@/lib/delivery-format';

const backLink = (
  <Link to={paths.deliveries} className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:text-brand-800">
    <ArrowLeft aria-hidden="true" className="size-4" />
    Back to Deliveries
  </Link>
);

function FullPageState({ icon: Icon, title, text }: { icon: typeof AlertCircle; title: string; text: string }) {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center px-4 py-12 text-center">
      <title>{`${title} · MedCourier`}</title>
      <span className="flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <h1 className="mt-4 text-xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-sm text-slate-600">{text}</p>
      <div className="mt-6">{backLink}</div>
    </section>
  );
}

/** /delivery/{id}: everything about one of the customer's deliveries, its label, image and proof of delivery. */
export function DeliveryDetailPage() {
  const { id = '' } = useParams();
  const { data: delivery, error, isPending, isError } = useDelivery(id);
  const notFound = isApiError(error) && error.code === 'NOT_FOUND';
  const failure = isError && !notFound ? errorMessage(error, MESSAGES.deliveryDetailFailed) : null;

  useEffect(() => {
    if (failure) toast.error(failure, { toastId: 'delivery-detail-failed' });
  }, [failure]);

  if (isPending) return <PageSpinner />;
  if (notFound) {
    return <FullPageState icon={PackageX} title={MESSAGES.deliveryNotFound} text="This delivery does not exist or is not one of yours." />;
  }
  if (failure || !delivery) {
    return (
      <FullPageState
        icon={AlertCircle}
        title={MESSAGES.deliveryDetailFailed}
        text={failure && failure !== MESSAGES.deliveryDetailFailed ? failure : 'Please try again in a moment.'}
      />
    );
  }
  return <DeliveryDetail delivery={delivery} />;
}

/** When it arrives: the handed-over time once delivered, nothing once cancelled, else the estimate with its day. */
function ArrivalField({ delivery: d }: { delivery: TDeliveryDetail }) {
  if (d.status === 'delivered') {
    const at = d.deliveredAt ?? d.pod?.timestamp ?? null;
    return <DetailItem label="Delivered">{at ? <time dateTime={at}>{formatEstimate(at)}</time> : 'Delivered'}</DetailItem>;
  }
  if (d.status === 'cancelled') return <DetailItem label="Cancelled">{d.cancelReason || 'No reason given'}</DetailItem>;
  if (d.status === 'returning' || d.status === 'returned') {
    return <DetailItem label="Delivery">{d.status === 'returned' ? 'Returned to sender' : 'Returning to sender'}</DetailItem>;
  }
  const late = estimateLateWords(d);
  return (
    <DetailItem label="Estimated delivery">
      {d.estimatedDelivery ? <time dateTime={d.estimatedDelivery}>{formatEstimate(d.estimatedDelivery)}</time> : MESSAGES.notAvailable}
      {late && (
        <span role="status" className="mt-1 flex items-start gap-1 text-sm font-medium text-amber-800">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {late}
        </span>
      )}
    </DetailItem>
  );
}

/** The estimate (the route's planned arrival once planned) past the required-by or the specimen's stability deadline. */
function estimateLateWords(d: Pick<TDeliveryDetail, 'estimatedDelivery' | 'requiredBy' | 'stabilityDeadline'>): string | null {
  if (!d.estimatedDelivery) return null;
  const eta = new Date(d.estimatedDelivery).getTime();
  if (d.stabilityDeadline && eta > new Date(d.stabilityDeadline).getTime())
    return 'Expected after the specimen’s stability deadline: dispatch has been told.';
  if (d.requiredBy && eta > new Date(d.requiredBy).getTime()) return 'Expected after your required-by time: dispatch has been told.';
  return null;
}

function DeliveryDetail({ delivery: d }: { delivery: TDeliveryDetail }) {
  const overdue = isOverdue(d);
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelDelivery(d._id);

  const confirmCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success('Delivery request cancelled');
      },
      onError: (err) => {
        setConfirming(false);
        toast.error(errorMessage(err, 'Failed to cancel the delivery request'));
      },
    });

  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <title>{`Delivery #${d.orderId} · MedCourier`}</title>
      {backLink}

      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">
              Delivery <span className="whitespace-nowrap">#{d.orderId}</span>
            </h1>
            <StatusBadge status={d.status} rejected={isRejectedByLab(d)} className="text-sm" />
            {overdue && <OverdueBadge className="text-sm" />}
          </div>
          <p className="mt-1 text-sm text-slate-600">
            Created <time dateTime={d.createdAt}>{formatDateTime(d.createdAt)}</time>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={paths.track(d.orderId)} className={buttonClass({ variant: 'secondary' })}>
            <ExternalLink aria-hidden="true" className="size-4" />
            Track Package
          </Link>
          <Link to={paths.bookAgain(d._id)} className={buttonClass({ variant: 'secondary' })}>
            <Repeat aria-hidden="true" className="size-4" />
            Book again
          </Link>
          <Link to={paths.newStandingOrder(d._id)} className={buttonClass({ variant: 'secondary' })}>
            <CalendarSync aria-hidden="true" className="size-4" />
            Repeat this delivery
          </Link>
          {canMoveStatus(d.status, 'cancelled', 'owner') && (
            <button
              type="button"
              onClick={() => setConfirming(true)}
              className={buttonClass({ variant: 'ghost', className: 'text-red-700 hover:bg-red-50 hover:text-red-800' })}
            >
              <XCircle aria-hidden="true" className="size-4" />
              Cancel request
            </button>
          )}
        </div>
      </div>

      {d.status === 'cancelled' && (
        <p className="mt-4 flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          <XCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            This delivery was cancelled{d.cancelReason ? `: ${d.cancelReason.replace(/[.!?]?$/, '.')}` : '.'} It will not be picked up or
            delivered.
          </span>
        </p>
      )}

      <div className="mt-6 grid gap-5 lg:grid-cols-3">
        {/* First on a phone (when, tracking, the label), the right-hand column on a desktop. */}
        <div className="space-y-5 lg:col-start-3 lg:row-start-1">
          <DetailCard title="Schedule" icon={CalendarClock}>
            <dl className="space-y-4">
              <ArrivalField delivery={d} />
              <DetailItem label="Required by">
                {formatDateTime(d.requiredBy)}
                {overdue && <span className="ml-1 font-medium text-orange-800">(passed, not yet delivered)</span>}
              </DetailItem>
              <DetailItem label="Tracking">
                <Link to={paths.track(d.orderId)} className="font-medium break-all text-brand-700 hover:underline">
                  {d.orderId}
                </Link>
              </DetailItem>
            </dl>
          </DetailCard>
          <ShippingLabelSection delivery={d} />
          <DeliveryTimeline events={d.timeline ?? []} />
        </div>
        <div className="space-y-5 lg:col-span-2 lg:col-start-1 lg:row-start-1">
          <DeliveryAttempts delivery={d} />
          <DetailCard title="Recipient" icon={UserRound}>
            <dl className="grid gap-4 sm:grid-cols-3">
              <DetailItem label="Name">{d.recipientName}</DetailItem>
              <DetailItem label="Phone">{d.recipientPhone}</DetailItem>
              <DetailItem label="E-mail">{d.recipientEmail}</DetailItem>
            </dl>
          </DetailCard>

          <DetailCard title="Addresses" icon={MapPin}>
            <ol className="relative space-y-5 border-l-2 border-dashed border-slate-200 pl-6">
              <li className="relative">
                <span
                  aria-hidden="true"
                  className="absolute top-1 -left-[1.95rem] size-3.5 rounded-full border-2 border-white bg-brand-500 ring-2 ring-brand-200"
                />
                <p className="text-xs font-medium text-slate-500">Pickup address</p>
                <p className="mt-0.5 text-sm text-slate-900">{d.pickupAddress}</p>
                <p className="mt-0.5 text-xs text-slate-500">Sender phone: {d.senderPhone}</p>
              </li>
              <li className="relative">
                <span
                  aria-hidden="true"
                  className="absolute top-1 -left-[1.95rem] size-3.5 rounded-full border-2 border-white bg-emerald-500 ring-2 ring-emerald-200"
                />
                <p className="text-xs font-medium text-slate-500">Delivery address</p>
                <p className="mt-0.5 text-sm text-slate-900">{d.deliveryAddress}</p>
              </li>
            </ol>
          </DetailCard>

          <DetailCard title="Package" icon={Package}>
            <dl className="grid gap-4 sm:grid-cols-3">
              <DetailItem label="Package type">{packageTypeLabel(d.packageType)}</DetailItem>
              <DetailItem label="Package size">{packageSizeLabel(d.packageSize)}</DetailItem>
              <DetailItem label="Delivery type">{deliveryTypeLabel(d.deliveryType)}</DetailItem>
              <DetailItem label="Special instructions" className="sm:col-span-3">
                {d.specialInstructions}
              </DetailItem>
              {d.reference && <DetailItem label="Reference (PO or cost centre)">{d.reference}</DetailItem>}
            </dl>
            {d.packageImage && (
              <figure className="mt-4">
                <figcaption className="mb-2 text-xs font-medium text-slate-500">Package image</figcaption>
                <a href={d.packageImage} target="_blank" rel="noopener">
                  <img
                    src={d.packageImage}
                    alt={`Package for delivery ${d.orderId}`}
                    className="max-h-72 w-auto rounded-lg border border-slate-200 object-contain"
                  />
                </a>
              </figure>
            )}
          </DetailCard>

          <HandlingDetails delivery={d} traceOf={d._id} />
          <DeliveryPieces pieces={d.pieces} />
          <DeliveryCases cases={d.discrepancies} />

          {d.price && (
            <DetailCard title="Price" icon={Receipt}>
              <PriceLines price={d.price} title="Charges" final={d.price.final} miles={d.price.miles} />
            </DetailCard>
          )}

          {d.pod && (
            <DetailCard title="Proof of Delivery" icon={CircleCheckBig}>
              <dl className="grid gap-4 sm:grid-cols-2">
                <DetailItem label="Received by">{d.pod.recipientName}</DetailItem>
                <DetailItem label="Delivered">{formatDateTime(d.pod.timestamp)}</DetailItem>
                <DetailItem label="Notes" className="sm:col-span-2">
                  {d.pod.notes}
                </DetailItem>
              </dl>
              {(d.pod.photo || d.pod.signature) && (
                <div className="mt-4 grid gap-4 sm:grid-cols-2">
                  {d.pod.photo && (
                    <figure>
                      <figcaption className="mb-2 flex items-center gap-1.5 text-xs font-medium text-slate-500">
                        <Camera aria-hidden="true" className="size-3.5" />
                        Photo
                      </figcaption>
                      <img
                        src={d.pod.photo}
                        alt="Proof of delivery"
                        className="max-h-64 w-full rounded-lg border border-slate-200 object-contain"
                      />
                    </figure>
                  )}
                  {d.pod.signature && (
                    <figure>
                      <figcaption className="mb-2 text-xs font-medium text-slate-500">Signature</figcaption>
                      <img
                        src={d.pod.signature}
                        alt="Recipient's signature"
                        className="max-h-40 w-full rounded-lg border border-slate-200 bg-white object-contain"
                      />
                    </figure>
                  )}
                </div>
              )}
            </DetailCard>
          )}
        </div>
      </div>

      {confirming && (
        <ConfirmDialog
          title="Cancel this delivery request?"
          message={`Delivery #${d.orderId} has not been approved yet. Cancelling it cannot be undone.`}
          confirmLabel="Cancel request"
          cancelLabel="Keep request"
          busy={cancel.isPending}
          onConfirm={confirmCancel}
          onClose={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
