import { statusLabel, type TCustodyResponse } from '@courier/contract';
import clsx from 'clsx';
import { FileDown, LoaderCircle, ShieldAlert, ShieldCheck } from 'lucide-react';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format-date';
import { useDownloadCustodyReport } from '../api/download-custody-report';
import { useCustody } from '../api/get-custody';

function Verdict({ verdict }: { verdict: TCustodyResponse['data']['verdict'] }) {
  const Icon = verdict.valid ? ShieldCheck : ShieldAlert;
  return (
    <p
      role="status"
      data-testid="custody-verdict"
      className={clsx(
        'flex items-start gap-2 rounded-lg border px-3 py-2 text-sm',
        verdict.valid ? 'border-emerald-200 bg-emerald-50 text-emerald-800' : 'border-red-200 bg-red-50 text-red-800',
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        <strong>{verdict.valid ? 'Chain of custody verified.' : 'Chain of custody broken.'}</strong> {verdict.message}
      </span>
    </p>
  );
}

/** Every hand-over (who, where, when), the hash chain's verdict and the printable report. */
export function CustodyTimeline({ deliveryId, orderId }: { deliveryId: string; orderId: string }) {
  const custody = useCustody(deliveryId);
  const report = useDownloadCustodyReport();
  const broken = custody.data?.verdict.brokenEventId;
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">{custody.data && <Verdict verdict={custody.data.verdict} />}</div>
        <button
          type="button"
          className={buttonClass({ variant: 'secondary', size: 'sm', className: 'self-start' })}
          disabled={report.isPending}
          onClick={() =>
            report.mutate(
              { id: deliveryId, orderId },
              { onError: (e) => toast.error(errorMessage(e, 'Could not download the custody report')) },
            )
          }
        >
          {report.isPending ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <FileDown aria-hidden="true" className="size-4" />
          )}
          Custody report (PDF)
        </button>
      </div>
      {custody.isPending ? (
        <p className="text-sm text-slate-500">Loading the custody trail…</p>
      ) : custody.isError ? (
        <p className="text-sm text-red-700">{errorMessage(custody.error, 'Could not load the custody trail')}</p>
      ) : (
        <ol className="relative space-y-4 border-l-2 border-slate-200 pl-5" aria-label="Custody events">
          {custody.data.events.map((event) => (
            <li key={event._id} className="relative">
              <span
                aria-hidden="true"
                className={clsx(
                  'absolute top-1.5 -left-[27px] size-3 rounded-full ring-4 ring-white',
                  event._id === broken ? 'bg-red-500' : 'bg-brand-500',
                )}
              />
              <p className="text-sm font-semibold text-slate-900">
                {statusLabel(event.status)}
                {event._id === broken && <span className="ml-2 rounded bg-red-100 px-1.5 py-0.5 text-xs text-red-700">altered here</span>}
              </p>
              <p className="text-xs text-slate-500">
                <time dateTime={event.timestamp}>{formatDateTime(event.timestamp)}</time>
                {event.actor && ` · ${event.actor.name}`}
                {event.actorRole && ` (${event.actorRole.toLowerCase().replace('_', ' ')})`}
              </p>
              {(event.location || event.coords) && (
                <p className="text-xs text-slate-600">
                  {event.location}
                  {event.coords && ` (${event.coords.lat.toFixed(4)}, ${event.coords.lng.toFixed(4)})`}
                </p>
              )}
              {event.note && <p className="mt-0.5 text-sm text-slate-700">{event.note}</p>}
              <p className="mt-0.5 truncate font-mono text-[10px] text-slate-500" title={event.hash}>
                #{event.seq} {event.hash.slice(0, 16)}…
              </p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
