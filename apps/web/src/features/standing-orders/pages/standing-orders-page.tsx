import { COMPANY, type TStandingOrder } from '@courier/contract';
import { ArrowRight, Pause, Pencil, Play, Plus, Repeat, Square } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useEndStandingOrder } from '../api/end-standing-order';
import { useStandingOrders } from '../api/get-standing-orders';
import { useSkipOccurrence } from '../api/skip-occurrence';
import { useUpdateStandingOrder } from '../api/update-standing-order';
import { NextOccurrences } from '../components/next-occurrences';
import { StandingOrderState } from '../components/standing-order-state';
import { clock, describeSchedule, occurrenceDate } from '@/lib/schedule-rule';

function StandingOrderCard({ order }: { order: TStandingOrder }) {
  const update = useUpdateStandingOrder();
  const end = useEndStandingOrder();
  const skip = useSkipOccurrence();
  const [confirmEnd, setConfirmEnd] = useState(false);
  const [skipping, setSkipping] = useState<string | null>(null);
  const d = order.delivery;
  const specimen =
    d.packageType === 'SPECIMEN' && d.specimen && typeof d.specimen === 'object' && !Array.isArray(d.specimen) ? d.specimen : null;
  const title = `To ${String(d.recipientName ?? '')}`;
  const headingId = `standing-order-${order._id}`;

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      toast.success(done);
    } catch (error) {
      toast.error(errorMessage(error, 'That did not work. Please try again.'));
    }
  };
  const onSkip = async (iso: string) => {
    setSkipping(iso);
    await run(() => skip.mutateAsync({ id: order._id, date: occurrenceDate(iso, order.timeZone) }), 'Date skipped');
    setSkipping(null);
  };

  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          <p className="mt-0.5 flex flex-wrap items-center gap-1 text-sm text-slate-600">
            <span className="break-words">{String(d.pickupAddress ?? '')}</span>
            <ArrowRight role="img" aria-label="to" className="size-3.5 text-slate-400" />
            <span className="break-words">{String(d.deliveryAddress ?? '')}</span>
          </p>
          <p className="mt-1 flex items-center gap-1.5 text-sm font-medium text-brand-800">
            <Repeat aria-hidden="true" className="size-4" />
            {describeSchedule(order.schedule.rrule, order.schedule.time)}
            <span className="font-normal text-slate-500">
              · from {order.startsOn}
              {order.endsOn ? ` to ${order.endsOn}` : ''}
            </span>
          </p>
          {specimen && (
            <p className="mt-1 text-sm text-slate-600">
              Specimens collected at {clock(String(specimen.collectionTime ?? ''))} each run, stable for{' '}
              {String(specimen.stableForHours ?? '')} hours
            </p>
          )}
        </div>
        <StandingOrderState order={order} />
      </div>

      {order.status !== 'ended' && (
        <div className="mt-4">
          <h3 className="mb-2 text-sm font-semibold text-slate-700">Next deliveries</h3>
          <NextOccurrences
            label={`Next deliveries ${title.toLowerCase()}`}
            occurrences={order.nextOccurrences}
            timeZone={order.timeZone}
            onSkip={order.status === 'active' ? onSkip : undefined}
            skipping={skipping}
          />
          {order.status === 'paused' && <p className="mt-2 text-sm text-slate-500">Paused: nothing is booked until you resume.</p>}
        </div>
      )}

      {order.status !== 'ended' && (
        <div className="mt-4 flex flex-wrap items-center gap-2">
          {order.status === 'active' ? (
            <button
              type="button"
              className={buttonClass({ variant: 'secondary', size: 'sm' })}
              disabled={update.isPending}
              onClick={() => run(() => update.mutateAsync({ id: order._id, changes: { status: 'paused' } }), 'Standing order paused')}
            >
              <Pause aria-hidden="true" className="mr-1.5 size-4" />
              Pause
            </button>
          ) : (
            <button
              type="button"
              className={buttonClass({ variant: 'secondary', size: 'sm' })}
              disabled={update.isPending}
              onClick={() => run(() => update.mutateAsync({ id: order._id, changes: { status: 'active' } }), 'Standing order resumed')}
            >
              <Play aria-hidden="true" className="mr-1.5 size-4" />
              Resume
            </button>
          )}
          <Link
            to={paths.editStandingOrder(order._id)}
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
            aria-label={`Edit the standing order ${title.toLowerCase()}`}
          >
            <Pencil aria-hidden="true" className="mr-1.5 size-4" />
            Edit
          </Link>
          {confirmEnd ? (
            <span className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
              End it? Deliveries already booked stay booked.
              <button
                type="button"
                className={buttonClass({ variant: 'danger', size: 'sm' })}
                disabled={end.isPending}
                onClick={() => run(() => end.mutateAsync(order._id), 'Standing order ended')}
              >
                Yes, end it
              </button>
              <button type="button" className={buttonClass({ variant: 'ghost', size: 'sm' })} onClick={() => setConfirmEnd(false)}>
                Keep it
              </button>
            </span>
          ) : (
            <button type="button" className={buttonClass({ variant: 'ghost', size: 'sm' })} onClick={() => setConfirmEnd(true)}>
              <Square aria-hidden="true" className="mr-1.5 size-4" />
              End
            </button>
          )}
        </div>
      )}
    </article>
  );
}

/** /standing-orders: the customer's repeated deliveries, each with its next five dates. */
export function StandingOrdersPage() {
  const query = useStandingOrders();
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 lg:py-8">
      <title>{`Standing Orders · ${COMPANY.name}`}</title>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Standing Orders</h1>
          <p className="mt-1 text-sm text-slate-600">Deliveries we book for you on a schedule, a day ahead of each date.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={paths.deliveries} className={buttonClass({ variant: 'secondary' })}>
            Repeat a delivery
          </Link>
          <Link to={paths.newStandingOrder()} className={buttonClass()}>
            <Plus aria-hidden="true" className="mr-1.5 size-4" />
            New standing order
          </Link>
        </div>
      </div>
      <div className="mt-6 space-y-4">
        {query.isPending && <Spinner label="Loading standing orders" />}
        {query.isError && (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(query.error, 'Could not load your standing orders')}
          </p>
        )}
        {query.data?.length === 0 && (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
            No standing orders yet. Create one with New standing order, or open a delivery and choose Repeat this delivery.
          </p>
        )}
        {query.data?.map((order) => (
          <StandingOrderCard key={order._id} order={order} />
        ))}
      </div>
    </section>
  );
}
