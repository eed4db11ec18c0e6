import { RotateCw } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format-date';
import { toast } from '@/lib/toast';
import { useWebhookLog } from '../api/get-webhook-log';
import { useResendWebhook } from '../api/resend-webhook';

/** An endpoint's delivery log: time, event, status code, duration and attempt, each with Resend. */
export function WebhookLog({ endpointId }: { endpointId: string }) {
  const { data = [], isPending, isError } = useWebhookLog(endpointId);
  const resend = useResendWebhook();
  const doResend = async (attemptId: string) => {
    try {
      await resend.mutateAsync({ id: endpointId, attemptId });
      toast.success('Queued to send again');
    } catch (err) {
      toast.error(errorMessage(err, 'The message could not be resent'));
    }
  };
  if (isPending) return <Spinner label="Loading the delivery log" className="mt-3" />;
  if (isError) return <p className="mt-3 text-sm text-red-700">The delivery log could not be loaded.</p>;
  if (data.length === 0)
    return <p className="mt-3 text-sm text-slate-600">Nothing sent yet. Events appear here as your deliveries change.</p>;
  const resendButton = (a: (typeof data)[number]) => (
    <button
      type="button"
      onClick={() => void doResend(a._id)}
      disabled={resend.isPending}
      aria-label={`Resend ${a.eventType} from ${formatDateTime(a.createdAt)}`}
      className={buttonClass({ variant: 'ghost', size: 'sm' })}
    >
      <RotateCw aria-hidden="true" className="size-3.5" />
      Resend
    </button>
  );
  const status = (a: (typeof data)[number]) => (
    <span className={a.succeeded ? 'font-medium text-emerald-700' : 'font-medium text-red-700'} title={a.error ?? undefined}>
      {a.statusCode ?? 'No answer'}
    </span>
  );
  // A narrow frame (a phone) shows one card per attempt; a wide one the table. Sized by the frame, not the screen.
  return (
    <div className="@container mt-3">
      <ul className="grid gap-2 @lg:grid-cols-2 @3xl:hidden" aria-label="Delivery log">
        {data.map((a) => (
          <li key={a._id} className="min-w-0 rounded-lg border border-slate-200 bg-white p-3 text-sm">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-mono text-xs break-all text-slate-800">{a.eventType}</p>
                <p className="mt-0.5 text-slate-600">{formatDateTime(a.createdAt)}</p>
              </div>
              {resendButton(a)}
            </div>
            <dl className="mt-2 grid grid-cols-3 gap-2 text-xs">
              <div>
                <dt className="text-slate-500">Status</dt>
                <dd className="text-sm">{status(a)}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Duration</dt>
                <dd className="text-sm text-slate-700">{a.durationMs} ms</dd>
              </div>
              <div>
                <dt className="text-slate-500">Attempt</dt>
                <dd className="text-sm text-slate-700">{a.attempt}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-lg border border-slate-200 @3xl:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Delivery log</caption>
          <thead className="bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                Time
              </th>
              <th scope="col" className="px-3 py-2">
                Event
              </th>
              <th scope="col" className="px-3 py-2">
                Status
              </th>
              <th scope="col" className="px-3 py-2">
                Duration
              </th>
              <th scope="col" className="px-3 py-2">
                Attempt
              </th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {data.map((a) => (
              <tr key={a._id}>
                <td className="px-3 py-2 whitespace-nowrap text-slate-700">{formatDateTime(a.createdAt)}</td>
                <td className="px-3 py-2 font-mono text-xs text-slate-700">{a.eventType}</td>
                <td className="px-3 py-2">{status(a)}</td>
                <td className="px-3 py-2 text-slate-700">{a.durationMs} ms</td>
                <td className="px-3 py-2 text-slate-700">{a.attempt}</td>
                <td className="px-3 py-2 text-right">{resendButton(a)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
