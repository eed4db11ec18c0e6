import { COMPANY } from '@courier/contract';
import { ArrowRight, Pencil } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { describeSchedule } from '@/lib/schedule-rule';
import { toast } from '@/lib/toast';
import { useStandingOrder } from '../api/get-standing-order';
import { useUpdateStandingOrder } from '../api/update-standing-order';
import { NextOccurrences } from '../components/next-occurrences';
import {
  StandingOrderFormEnd,
  StandingOrderHeading,
  standingOrderFormClass,
  useStandingOrderForm,
} from '../components/standing-order-form-shell';
import { StandingOrderFields } from '../components/standing-order-fields';
import { changesOf, formOf, type TStandingOrderForm } from '../lib/standing-order-form';

/** /standing-orders/{id}/edit: the owner changes the schedule; deliveries already booked stay as they are. */
export function EditStandingOrderPage() {
  const { id = '' } = useParams();
  const order = useStandingOrder(id);
  const update = useUpdateStandingOrder();
  const navigate = useNavigate();
  const { form, problem, clearProblem, showError } = useStandingOrderForm();
  const loaded = order.data ? formOf(order.data) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: filled once per loaded order, not on every refetch
  useEffect(() => {
    if (order.data) form.reset(formOf(order.data).form);
  }, [order.data?._id, form.reset]);

  const onSubmit = async (values: TStandingOrderForm) => {
    if (!order.data || !loaded) return;
    clearProblem();
    const changes = changesOf(order.data, values, loaded.customRule, !!form.formState.dirtyFields.schedule);
    if (Object.keys(changes).length === 0) {
      void navigate(paths.standingOrders);
      return;
    }
    try {
      await update.mutateAsync({ id: order.data._id, changes });
      toast.success('Standing order changed: future deliveries follow the new schedule');
      void navigate(paths.standingOrders);
    } catch (error) {
      showError(error, 'Could not save it');
    }
  };

  const d = order.data?.delivery;
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 lg:py-8">
      <title>{`Edit standing order · ${COMPANY.name}`}</title>
      <StandingOrderHeading icon={<Pencil aria-hidden="true" className="size-6 text-brand-600" />} title="Edit standing order">
        Changes apply to deliveries not yet booked; those already booked stay as they are.
      </StandingOrderHeading>

      {order.isPending && <Spinner className="mt-8" label="Loading the standing order" />}
      {order.isError && (
        <p role="alert" className="mt-6 text-sm text-red-700">
          {errorMessage(order.error, 'Could not load that standing order')}
        </p>
      )}
      {order.data?.status === 'ended' && (
        <p className="mt-6 rounded-lg bg-slate-50 p-4 text-sm text-slate-700 ring-1 ring-slate-200 ring-inset">
          This standing order has ended and can no longer change.
        </p>
      )}

      {order.data && d && loaded && order.data.status !== 'ended' && (
        <form onSubmit={form.handleSubmit(onSubmit)} noValidate className={standingOrderFormClass}>
          <div className="rounded-xl border border-slate-200 bg-slate-50/60 p-4 text-sm">
            <p className="font-medium text-slate-900">To {String(d.recipientName ?? '')}</p>
            <p className="mt-0.5 flex flex-wrap items-center gap-1.5 text-slate-600">
              <span className="break-words">{String(d.pickupAddress ?? '')}</span>
              <ArrowRight role="img" aria-label="to" className="size-3.5 text-slate-400" />
              <span className="break-words">{String(d.deliveryAddress ?? '')}</span>
            </p>
            <p className="mt-1 text-slate-600">Now: {describeSchedule(order.data.schedule.rrule, order.data.schedule.time)}</p>
          </div>
          {loaded.customRule && (
            <p className="text-sm text-slate-600">
              This schedule was set through the API ({order.data.schedule.rrule}); choosing a pattern below replaces it.
            </p>
          )}
          <StandingOrderFields
            control={form.control}
            register={form.register}
            errors={form.formState.errors}
            specimen={loaded.form.specimen}
            timeZone={order.data.timeZone}
          />
          <div>
            <h2 className="mb-2 text-sm font-semibold text-slate-700">Next deliveries (before this change)</h2>
            <NextOccurrences
              label="Next deliveries before this change"
              occurrences={order.data.nextOccurrences}
              timeZone={order.data.timeZone}
            />
          </div>
          <StandingOrderFormEnd problem={problem} cancelTo={paths.standingOrders} pending={update.isPending} submitLabel="Save changes" />
        </form>
      )}
    </section>
  );
}
