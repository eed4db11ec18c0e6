import {
  DISPOSITION_LABELS,
  PRIORITY_LABELS,
  REJECTION_REASON_LABELS,
  SPECIMEN_CATEGORY_LABELS,
  type TDelivery,
  TEMPERATURE_LABELS,
  type TRejectionReason,
} from '@courier/contract';
import { OctagonAlert, Thermometer } from 'lucide-react';
import type { ReactNode } from 'react';
import { DetailCard, DetailItem } from '@/components/ui/detail-card';
import { TemperatureTrace } from '@/domain/deliveries/components/temperature-trace';
import { formatDateTime } from '@/lib/format-date';

type THandled = Pick<
  TDelivery,
  | 'priority'
  | 'temperature'
  | 'specimen'
  | 'stabilityDeadline'
  | 'controlledSubstance'
  | 'pickUpBy'
  | 'temperatureReadings'
  | 'hold'
  | 'disposition'
  | 'receipt'
>;

const isRoutine = (d: THandled) =>
  d.priority === 'routine' &&
  d.temperature === 'ambient' &&
  !d.specimen &&
  !d.controlledSubstance &&
  !d.temperatureReadings.length &&
  !d.hold &&
  !d.disposition &&
  !d.receipt;

/**
 * The medical handling of a delivery, for its owner and staff: what it needs, the temperature trace (chart, and
 * table on request), the hold, the disposition and the receipt.
 */
export function HandlingDetails({
  delivery: d,
  action,
  traceOf,
}: {
  delivery: THandled;
  action?: ReactNode;
  /** The delivery's id: its whole trace (loggers' lines, boundaries, breaches, gaps) is read and drawn. */
  traceOf: string;
}) {
  if (isRoutine(d)) return null;
  return (
    <DetailCard title="Handling" icon={Thermometer} action={action}>
      {d.hold && (
        <p
          role="status"
          className="mb-4 flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm font-semibold text-red-800 ring-1 ring-red-200"
        >
          <OctagonAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          On hold for temperature since {formatDateTime(d.hold.since)}: it will not be delivered until dispatch decides.
        </p>
      )}
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <DetailItem label="Priority">{PRIORITY_LABELS[d.priority]}</DetailItem>
        <DetailItem label="Temperature">{TEMPERATURE_LABELS[d.temperature]}</DetailItem>
        {d.pickUpBy && <DetailItem label="Pick up by">{formatDateTime(d.pickUpBy)}</DetailItem>}
        {d.specimen && <DetailItem label="Specimen">{SPECIMEN_CATEGORY_LABELS[d.specimen.category]}</DetailItem>}
        {d.specimen && <DetailItem label="Collected at">{formatDateTime(d.specimen.collectedAt)}</DetailItem>}
        {d.stabilityDeadline && <DetailItem label="Stability deadline">{formatDateTime(d.stabilityDeadline)}</DetailItem>}
        {d.controlledSubstance && <DetailItem label="Controlled substance">ID check at hand-over</DetailItem>}
        {d.disposition && (
          <DetailItem label="Disposition" className="col-span-2">
            {DISPOSITION_LABELS[d.disposition.action]} · {d.disposition.note} · {formatDateTime(d.disposition.at)}
          </DetailItem>
        )}
        {d.receipt && (
          <DetailItem label="Receipt" className="col-span-2 sm:col-span-3">
            {d.receipt.status === 'accepted'
              ? 'Received in good condition'
              : `Rejected (${REJECTION_REASON_LABELS[(d.receipt.reason ?? 'other') as TRejectionReason]})`}{' '}
            by {d.receipt.receivedBy} · {formatDateTime(d.receipt.receivedAt)}
            {d.receipt.comment && <span className="mt-0.5 block text-slate-600">“{d.receipt.comment}”</span>}
          </DetailItem>
        )}
      </dl>
      {d.temperatureReadings.length > 0 && (
        <div className="mt-4">
          <TemperatureTrace source={{ deliveryId: traceOf }} />
        </div>
      )}
    </DetailCard>
  );
}
