import { PriceLines } from '@/domain/deliveries/components/price-lines';
import { DELIVERY_TYPE_LABELS, PACKAGE_SIZE_LABELS, PACKAGE_TYPE_LABELS, type TAdminDelivery } from '@courier/contract';
import { ArrowLeft, CalendarClock, FileText, Fingerprint, MapPin, Package, Receipt, PenLine, Truck, UserRound } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format-date';
import { useDispatchDelivery } from '../api/get-dispatch-delivery';
import { CountdownChip } from '../components/countdown-chip';
import { CustodyTimeline } from '../components/custody-timeline';
import { actionTargetOf, DeliveryActions } from '../components/delivery-actions';
import { ExceptionSummary } from '../components/exception-summary';
import { DetailCard as Card, DetailItem } from '@/components/ui/detail-card';
import { HandlingBadges } from '@/components/ui/handling-badges';
import { HandlingDetails } from '@/domain/deliveries/components/handling-details';
import { DeliveryCases } from '@/domain/deliveries/components/delivery-cases';
import { DeliveryPieces } from '@/domain/deliveries/components/delivery-pieces';
import { HandlingActions } from '../components/handling-actions';
import { HandlingCountdown } from '../components/handling-countdown';

const backLink = (
  <Link to={paths.adminDashboard} className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:text-brand-800">
    <ArrowLeft aria-hidden="true" className="size-4" />
    Back to dispatch
  </Link>
);

/** /admin/deliveries/{id}: every field, the label, the proof, the custody trail and its verdict. */
export function DispatchDeliveryPage() {
  const { id = '' } = useParams();
  const { data, error, isPending } = useDispatchDelivery(id);
  if (isPending) return <PageSpinner />;
  if (!data) {
    const notFound = isApiError(error) && error.code === 'NOT_FOUND';
    return (
      <section className="mx-auto max-w-lg px-4 py-16 text-center">
        <title>Delivery · MedCourier</title>
        <h1 className="text-xl font-bold text-slate-900">{notFound ? 'Delivery not found' : 'Could not load the delivery'}</h1>
        <p className="mt-2 text-sm text-slate-600">
          {notFound ? 'No delivery has this id.' : errorMessage(error, 'Please try again in a moment.')}
        </p>
        <div className="mt-6">{backLink}</div>
      </section>
    );
  }
  return <StaffDelivery delivery={data} />;
}

function StaffDelivery({ delivery: d }: { delivery: TAdminDelivery }) {
  return (
    <section className="mx-auto w-full max-w-6xl px-3 py-5 sm:px-6 lg:py-7">
      <title>{`Delivery #${d.orderId} · Dispatch · MedCourier`}</title>
      {backLink}
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">
              Delivery <span className="font-mono whitespace-nowrap">#{d.orderId}</span>
            </h1>
            <StatusBadge status={d.status} className="text-sm" />
            <CountdownChip requiredBy={d.requiredBy} status={d.status} />
            <HandlingBadges handling={d} />
            <HandlingCountdown delivery={d} />
          </div>
          <p className="mt-1 text-sm text-slate-600">
            Requested {formatDateTime(d.createdAt)} · updated {formatDateTime(d.updatedAt)}
          </p>
        </div>
        <DeliveryActions size="md" delivery={actionTargetOf(d)} />
      </div>
      <ExceptionSummary delivery={d} />

      <div className="mt-5 grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <Card title="People" icon={UserRound}>
            <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
              <DetailItem label="Customer">
                {[d.customer.name, d.customer.organisation, d.customer.email].filter(Boolean).join(' · ')}
              </DetailItem>
              <DetailItem label="Customer phone">{d.customer.phone}</DetailItem>
              <DetailItem label="Sender phone">{d.senderPhone}</DetailItem>
              <DetailItem label="Recipient">{d.recipientName}</DetailItem>
              <DetailItem label="Recipient phone">{d.recipientPhone}</DetailItem>
              <DetailItem label="Recipient e-mail">{d.recipientEmail}</DetailItem>
              <DetailItem label="Driver">{d.driver ? `${d.driver.name} · ${d.driver.phone}` : 'Not assigned'}</DetailItem>
              <DetailItem label="Current place">{d.currentLocation}</DetailItem>
              {d.cancelReason && <DetailItem label="Cancel reason">{d.cancelReason}</DetailItem>}
            </dl>
          </Card>
          <Card title="Route" icon={MapPin}>
            <dl className="grid gap-4 sm:grid-cols-2">
              <DetailItem label="Pickup address">{d.pickupAddress}</DetailItem>
              <DetailItem label="Delivery address">{d.deliveryAddress}</DetailItem>
              <DetailItem label="Special instructions">{d.specialInstructions}</DetailItem>
            </dl>
          </Card>
          <Card title="Package" icon={Package}>
            <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
              <DetailItem label="Type">{PACKAGE_TYPE_LABELS[d.packageType]}</DetailItem>
              <DetailItem label="Size">{PACKAGE_SIZE_LABELS[d.packageSize]}</DetailItem>
              <DetailItem label="Service">{DELIVERY_TYPE_LABELS[d.deliveryType]}</DetailItem>
              {d.reference && <DetailItem label="Reference">{d.reference}</DetailItem>}
            </dl>
            {d.packageImage && (
              <img src={d.packageImage} alt="The package" className="mt-4 max-h-56 rounded-lg border border-slate-200 object-contain" />
            )}
          </Card>
          <HandlingDetails delivery={d} traceOf={d._id} action={<HandlingActions delivery={d} />} />
          <DeliveryPieces pieces={d.pieces} />
          <DeliveryCases
            cases={d.discrepancies}
            linkOf={(caseId, text) => (
              <Link to={paths.adminDiscrepancy(caseId)} className="text-brand-700 hover:underline">
                {text}
              </Link>
            )}
          />
          <Card title="Chain of custody" icon={Fingerprint}>
            <CustodyTimeline deliveryId={d._id} orderId={d.orderId} />
          </Card>
        </div>
        <div className="space-y-4">
          {d.price && (
            <Card title="Price" icon={Receipt}>
              <PriceLines
                price={d.price}
                title={`Charges (card version ${d.price.rateCardVersion})`}
                final={d.price.final}
                miles={d.price.miles}
              />
            </Card>
          )}
          <Card title="Schedule" icon={CalendarClock}>
            <dl className="space-y-3">
              <DetailItem label="Required by">{formatDateTime(d.requiredBy)}</DetailItem>
              <DetailItem label="Estimated delivery">{formatDateTime(d.estimatedDelivery)}</DetailItem>
              <DetailItem label="Public tracking">
                <Link to={paths.track(d.orderId)} className="font-mono text-brand-700 hover:underline">
                  {d.orderId}
                </Link>
              </DetailItem>
            </dl>
          </Card>
          <Card title="Label" icon={FileText}>
            {d.shippingLabel ? (
              <div className="space-y-3">
                {d.shippingLabel.imageUrl && (
                  <img src={d.shippingLabel.imageUrl} alt={`Label of #${d.orderId}`} className="w-full rounded border border-slate-200" />
                )}
                <a
                  href={d.shippingLabel.pdfUrl}
                  target="_blank"
                  rel="noreferrer"
                  className="text-sm font-medium text-brand-700 hover:underline"
                >
                  Open the 4x6 label (PDF)
                </a>
                <p className="text-xs text-slate-500">Printed {formatDateTime(d.shippingLabel.generatedAt)}</p>
              </div>
            ) : (
              <p className="text-sm text-slate-500">The customer has not printed a label yet.</p>
            )}
          </Card>
          <Card title="Proof of delivery" icon={PenLine}>
            {d.pod ? (
              <div className="space-y-3">
                <dl className="space-y-3">
                  <DetailItem label="Received by">{d.pod.recipientName}</DetailItem>
                  <DetailItem label="At">{formatDateTime(d.pod.timestamp)}</DetailItem>
                  <DetailItem label="Notes">{d.pod.notes}</DetailItem>
                </dl>
                {d.pod.photo && (
                  <img
                    src={d.pod.photo}
                    alt="The parcel as delivered"
                    className="w-full rounded-lg border border-slate-200 object-contain"
                  />
                )}
                {d.pod.signature && (
                  <img
                    src={d.pod.signature}
                    alt={`Signature of ${d.pod.recipientName}`}
                    className="w-full rounded-lg border border-slate-200 bg-white"
                  />
                )}
              </div>
            ) : (
              <p className="flex items-center gap-2 text-sm text-slate-500">
                <Truck aria-hidden="true" className="size-4" />
                Not delivered yet.
              </p>
            )}
          </Card>
        </div>
      </div>
    </section>
  );
}
