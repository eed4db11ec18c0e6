import type { TStandingOrder } from '@courier/contract';
import { DispatchPage, TableCard, TableMessage, tdClass, HeadRow } from '@/components/ui/list-page';
import { buttonClass } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useStandingOrders } from '../api/get-standing-orders';
import { useUpdateStandingOrder } from '../api/update-standing-order';
import { StandingOrderState } from '../components/standing-order-state';
import { describeSchedule, formatOccurrence } from '@/lib/schedule-rule';

function Actions({ order }: { order: TStandingOrder }) {
  const update = useUpdateStandingOrder();
  if (order.status === 'ended') return <span className="text-slate-400">—</span>;
  const change = async (changes: { preApproved?: boolean; status?: 'active' | 'paused' }, done: string) => {
    try {
      await update.mutateAsync({ id: order._id, changes });
      toast.success(done);
    } catch (error) {
      toast.error(errorMessage(error, 'That did not work. Please try again.'));
    }
  };
  const who = String(order.delivery.recipientName ?? '');
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        className={buttonClass({ variant: order.preApproved ? 'ghost' : 'secondary', size: 'sm' })}
        disabled={update.isPending}
        aria-label={order.preApproved ? `Withdraw pre-approval (to ${who})` : `Pre-approve (to ${who})`}
        onClick={() => change({ preApproved: !order.preApproved }, order.preApproved ? 'Pre-approval withdrawn' : 'Pre-approved')}
      >
        {order.preApproved ? 'Withdraw pre-approval' : 'Pre-approve'}
      </button>
      <button
        type="button"
        className={buttonClass({ variant: 'ghost', size: 'sm' })}
        disabled={update.isPending}
        aria-label={order.status === 'active' ? `Pause (to ${who})` : `Resume (to ${who})`}
        onClick={() =>
          change({ status: order.status === 'active' ? 'paused' : 'active' }, order.status === 'active' ? 'Paused' : 'Resumed')
        }
      >
        {order.status === 'active' ? 'Pause' : 'Resume'}
      </button>
    </div>
  );
}

/** /admin/standing-orders: every customer's standing orders; staff pre-approve them so their deliveries skip approval. */
export function DispatchStandingOrdersPage() {
  const query = useStandingOrders();
  const headings = ['Customer', 'Delivery', 'Schedule', 'Next', 'State', 'Actions'];
  return (
    <DispatchPage title="Standing orders" intro="Customers' repeated deliveries. Pre-approved ones are booked already approved.">
      <TableCard>
        <table className="w-full min-w-[860px] divide-y divide-slate-200">
          <thead className="bg-slate-50">
            <HeadRow headings={headings} />
          </thead>
          <tbody className="divide-y divide-slate-100">
            {query.isPending && <TableMessage colSpan={headings.length}>Loading...</TableMessage>}
            {query.isError && (
              <TableMessage colSpan={headings.length}>{errorMessage(query.error, 'Could not load the standing orders')}</TableMessage>
            )}
            {query.data?.length === 0 && <TableMessage colSpan={headings.length}>No standing orders yet.</TableMessage>}
            {query.data?.map((o) => (
              <tr key={o._id}>
                <td data-label="Customer" className={tdClass}>
                  <span className="block font-medium text-slate-900">{o.customer?.name ?? 'You'}</span>
                  <span className="block text-xs text-slate-500">{o.customer?.email}</span>
                </td>
                <td data-label="Delivery" className={`${tdClass} max-w-xs break-words`}>
                  <span className="block font-medium text-slate-900">To {String(o.delivery.recipientName ?? '')}</span>
                  <span className="block text-xs text-slate-500">{String(o.delivery.deliveryAddress ?? '')}</span>
                </td>
                <td data-label="Schedule" className={tdClass}>
                  {describeSchedule(o.schedule.rrule, o.schedule.time)}
                </td>
                <td data-label="Next" className={`${tdClass} whitespace-nowrap`}>
                  {o.nextOccurrences[0] ? formatOccurrence(o.nextOccurrences[0], o.timeZone) : '—'}
                </td>
                <td data-label="State" className={tdClass}>
                  <StandingOrderState order={o} />
                </td>
                <td data-label="Actions" className={tdClass}>
                  <Actions order={o} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableCard>
    </DispatchPage>
  );
}
