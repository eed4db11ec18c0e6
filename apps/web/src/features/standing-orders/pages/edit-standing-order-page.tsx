import { COMPANY } from '@courier/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircle, ArrowRight, Pencil } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { describeSchedule } from '@/lib/schedule-rule';
import { toast } from '@/lib/toast';
import { useStandingOrder } from '../api/get-standing-order';
import { useUpdateStandingOrder } from '../api/update-standing-order';
import { NextOccurrences } from '../components/next-occurrences';
import { StandingOrderFields } from '../components/standing-order-fields';
import { changesOf, emptyStandingOrderForm, formOf, type TStandingOrderForm, ZStandingOrderForm } from '../lib/standing-order-form';

/** The form's field a server's 400 names. */
const FORM_FIELDS: Record<string, keyof TStandingOrderForm | 'schedule.kind' | 'schedule.time'> = {
  'schedule.rrule': 'schedule.kind',
  'schedule.time': 'schedule.time',
  startsOn: 'startsOn',
  endsOn: 'endsOn',
  'specimen.collectionTime': 'collectionTime',
};

/** /standing-orders/{id}/edit: the owner changes the schedule; deliveries already booked stay as they are. */
export function EditStandingOrderPage() {
  const { id = '' } = useParams();
  const order = useStandingOrder(id);
  const update = useUpdateStandingOrder();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, dirtyFields },
  } = useForm<TStandingOrderForm>({ resolver: zodResolver(ZStandingOrderForm), defaultValues: emptyStandingOrderForm(false) });
  const loaded = order.data ? formOf(order.data) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: filled once per loaded order, not on every refetch
  useEffect(() => {
    if (order.data) reset(formOf(order.data).form);
  }, [order.data?._id, reset]);

  const onSubmit = async (form: TStandingOrderForm) => {
    if (!order.data || !loaded) return;
    setProblem(null);
    const changes = changesOf(order.data, form, loaded.customRule, !!dirtyFields.schedule);
    if (Object.keys(changes).length === 0) {
      void navigate(paths.standingOrders);
      return;
    }
    try {
      await update.mutateAsync({ id: order.data._id, changes });
      toast.success('Standing order changed: future deliveries follow the new schedule');
      void navigate(paths.standingOrders);
    } catch (error) {
      const message = (
        (isApiError(error) && (error.fieldMessage ?? error.serverMessage)) ||
        errorMessage(error, 'Could not save it')
      ).replace(/^[\w.]+: /, '');
      const field = isApiError(error) && error.field ? FORM_FIELDS[error.field] : undefined;
      if (field) setError(field, { message }, { shouldFocus: true });
      else setProblem(message);
    }
  };

  const d = order.data?.delivery;
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 lg:py-8">
      <title>{`Edit standing order · ${COMPANY.name}`}</title>
      <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight text-slate-900">
        <Pencil aria-hidden="true" className="size-6 text-brand-600" />
        Edit standing order
      </h1>
      <p className="mt-1 text-sm text-slate-600">Changes apply to deliveries not yet booked; those already booked stay as they are.</p>

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
        <form
          onSubmit={handleSubmit(onSubmit)}
          noValidate
          className="mt-6 space-y-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        >
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
            control={control}
            register={register}
            errors={errors}
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
          {problem && (
            <p role="alert" className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
              <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {problem}
            </p>
          )}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Link to={paths.standingOrders} className={buttonClass({ variant: 'ghost' })}>
              Cancel
            </Link>
            <button type="submit" className={buttonClass()} disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save changes'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
