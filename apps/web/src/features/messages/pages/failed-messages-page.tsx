import { Mail, MessageSquareText, RotateCw } from 'lucide-react';
import { toast } from '@/lib/toast';
import { DispatchPage, TableCard, TableMessage, tdClass, thClass } from '@/components/ui/list-page';
import { buttonClass } from '@/components/ui/button';
import { Pager } from '@/components/ui/list-page';
import { errorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format-date';
import { useFailedMessages } from '../api/get-failed-messages';
import { useRetryMessage } from '../api/retry-message';
import { useListParams } from '@/hooks/use-list-params';

/** An e-mail address may wrap after its @, and nowhere else. */
function Address({ value }: { value: string }) {
  const at = value.indexOf('@');
  if (at < 0) return <span className="whitespace-nowrap">{value}</span>;
  return (
    <span>
      {value.slice(0, at + 1)}
      <wbr />
      {value.slice(at + 1)}
    </span>
  );
}

/** /admin/messages: what the outbox gave up on after its retries, and a way to send it again (ADMIN and above). */
export function FailedMessagesPage() {
  const { page } = useListParams();
  const { data, isPending, isError, error } = useFailedMessages(page);
  const retry = useRetryMessage();

  const onRetry = (id: string) =>
    retry.mutate(id, {
      onSuccess: (res) => toast.success(res.message),
      onError: (err) => toast.error(errorMessage(err, 'Could not retry the message')),
    });

  return (
    <DispatchPage title="Failed messages" intro="E-mails and SMS that could not be sent after every retry, with the last error.">
      <TableCard>
        <table className="w-full min-w-[760px]">
          <thead className="border-b border-slate-200 bg-slate-50">
            <tr>
              <th className={thClass}>Channel</th>
              <th className={thClass}>To</th>
              <th className={thClass}>Subject</th>
              <th className={thClass}>Last error</th>
              <th className={thClass}>Attempts</th>
              <th className={thClass}>Queued</th>
              <th className={thClass}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {isPending ? (
              <TableMessage colSpan={7}>Loading…</TableMessage>
            ) : isError ? (
              <TableMessage colSpan={7}>{errorMessage(error, 'Could not load the failed messages')}</TableMessage>
            ) : data.data.length === 0 ? (
              <TableMessage colSpan={7}>No failed messages. Everything was sent.</TableMessage>
            ) : (
              data.data.map((m) => (
                <tr key={m._id}>
                  <td data-label="Channel" className={`${tdClass} whitespace-nowrap`}>
                    <span className="inline-flex items-center gap-1.5">
                      {m.channel === 'email' ? (
                        <Mail aria-hidden="true" className="size-4 text-slate-500" />
                      ) : (
                        <MessageSquareText aria-hidden="true" className="size-4 text-slate-500" />
                      )}
                      {m.channel === 'email' ? 'E-mail' : 'SMS'}
                    </span>
                  </td>
                  <td data-label="To" className={tdClass}>
                    <Address value={m.recipient} />
                  </td>
                  <td data-label="Subject" className={tdClass}>
                    {m.subject || <span className="text-slate-400">—</span>}
                  </td>
                  <td
                    data-label="Last error"
                    className={`${tdClass} min-w-40 max-w-xs text-xs leading-5 text-red-700 [overflow-wrap:anywhere]`}
                  >
                    {m.lastError ?? '—'}
                  </td>
                  <td data-label="Attempts" className={tdClass}>
                    {m.attempts}
                  </td>
                  <td data-label="Queued" className={`${tdClass} whitespace-nowrap`}>
                    {formatDateTime(m.createdAt)}
                  </td>
                  <td className={`${tdClass} text-right`}>
                    <button
                      type="button"
                      className={buttonClass({ variant: 'secondary', size: 'sm' })}
                      disabled={retry.isPending && retry.variables === m._id}
                      onClick={() => onRetry(m._id)}
                    >
                      <RotateCw aria-hidden="true" className="mr-1.5 size-4" />
                      Retry
                    </button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </TableCard>
      <Pager paging={data?.paging} />
    </DispatchPage>
  );
}
