import { ATTEMPT_REASON_LABELS, type TDelivery } from '@courier/contract';
import { Camera, Repeat, Undo2 } from 'lucide-react';
import { DetailCard } from '@/components/ui/detail-card';
import { formatDateTime } from '@/lib/delivery-format';

/** What happens next after a failed attempt, in the owner's words. */
function nextStep(d: TDelivery): string | null {
  const last = d.attempts.at(-1);
  switch (d.status) {
    case 'failed_attempt':
      return 'Dispatch is deciding the next step: another attempt in a new window, or a return to you. The parcel stays with the driver meanwhile.';
    case 'returning':
      return 'The parcel is on its way back to your pickup address. The driver will record who takes it back.';
    case 'returned':
      return d.returnProof
        ? `The parcel was handed back to ${d.returnProof.receivedBy} on ${formatDateTime(d.returnProof.timestamp)}.`
        : 'The parcel was handed back at your pickup address.';
    default:
      return last?.decision === 'reattempt' && last.nextWindow && d.status !== 'delivered'
        ? `Next attempt between ${formatDateTime(last.nextWindow.from)} and ${formatDateTime(last.nextWindow.to)}.`
        : null;
  }
}

/** Each failed attempt (when, why, the driver's photo) and what happens next; nothing when every drop went well. */
export function DeliveryAttempts({ delivery: d }: { delivery: TDelivery }) {
  if (d.attempts.length === 0 && d.status !== 'returning' && d.status !== 'returned') return null;
  const next = nextStep(d);
  const back = d.status === 'returning' || d.status === 'returned';
  return (
    <DetailCard title={back ? 'Return to sender' : 'Delivery attempts'} icon={back ? Undo2 : Repeat}>
      {next && <p className="mb-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200">{next}</p>}
      {d.attempts.length > 0 && (
        <ol aria-label="Failed attempts" className="space-y-3">
          {d.attempts.map((a) => (
            <li key={a.n} className="rounded-lg border border-slate-200 p-3 text-sm">
              <p className="font-semibold text-slate-900">
                Attempt {a.n}: {ATTEMPT_REASON_LABELS[a.reason]}
              </p>
              <p className="text-xs text-slate-600">
                <time dateTime={a.at}>{formatDateTime(a.at)}</time>
                {a.driver?.name ? ` · ${a.driver.name}` : ''}
              </p>
              {a.note && <p className="mt-1 text-slate-700">“{a.note}”</p>}
              {a.photo && (
                <a
                  href={a.photo}
                  target="_blank"
                  rel="noreferrer"
                  className="mt-1 inline-flex items-center gap-1 font-medium text-brand-700 underline"
                >
                  <Camera aria-hidden="true" className="size-4" />
                  Driver's photo
                </a>
              )}
            </li>
          ))}
        </ol>
      )}
      {d.returnProof && (
        <p className="mt-3 text-sm text-slate-700">
          Handed back to <strong>{d.returnProof.receivedBy}</strong>
          {d.returnProof.notes ? `: ${d.returnProof.notes}` : ''}
        </p>
      )}
    </DetailCard>
  );
}
