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
  return (
    <div className="mt-3 overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full min-w-[36rem] text-left text-sm">
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
              <td className="px-3 py-2">
                <span className={a.succeeded ? 'font-medium text-emerald-700' : 'font-medium text-red-700'} title={a.error ?? undefined}>
                  {a.statusCode ?? 'No answer'}
                </span>
              </td>
              <td className="px-3 py-2 text-slate-700">{a.durationMs} ms</td>
              <td className="px-3 py-2 text-slate-700">{a.attempt}</td>
              <td className="px-3 py-2 text-right">
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
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
