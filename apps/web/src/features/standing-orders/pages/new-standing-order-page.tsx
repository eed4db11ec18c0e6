import { COMPANY, deliveryTypeLabel, packageSizeLabel, packageTypeLabel, type TDeliveryDetail } from '@courier/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircle, ArrowRight, Repeat } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useCreateStandingOrder } from '../api/create-standing-order';
import { useSourceDelivery } from '../api/get-source-delivery';
import { StandingOrderFields } from '../components/standing-order-fields';
import { emptyStandingOrderForm, ruleText, type TStandingOrderForm, ZStandingOrderForm } from '../lib/standing-order-form';

/** The form's field a server's 400 names. */
const FORM_FIELDS: Record<string, keyof TStandingOrderForm | 'schedule.kind' | 'schedule.time'> = {
  'schedule.rrule': 'schedule.kind',
  'schedule.time': 'schedule.time',
  startsOn: 'startsOn',
  endsOn: 'endsOn',
  'specimen.collectionTime': 'collectionTime',
};

/** HH:MM of an instant on this browser's clock: the earlier delivery's collection, as a default for each run's. */
const timeOfDay = (iso: string) => {
  const at = new Date(iso);
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
};

/** The booking fields a standing order repeats: the delivery's own, without its required-by; a specimen's collection is per run. */
function templateOf(d: TDeliveryDetail, collectionTime: string) {
  return {
    senderPhone: d.senderPhone,
    pickupAddress: d.pickupAddress,
    recipientName: d.recipientName,
    recipientPhone: d.recipientPhone,
    recipientEmail: d.recipientEmail,
    deliveryAddress: d.deliveryAddress,
    packageType: d.packageType,
    packageSize: d.packageSize,
    deliveryType: d.deliveryType,
    specialInstructions: d.specialInstructions,
    priority: d.priority,
    temperature: d.temperature,
    controlledSubstance: d.controlledSubstance,
    // Each run's specimens are collected at the time of day given; the category and stability are the delivery's.
    ...(d.packageType === 'SPECIMEN' && d.specimen
      ? { specimen: { category: d.specimen.category, stableForHours: d.specimen.stableForHours, collectionTime } }
      : {}),
  };
}

function DeliverySummary({ delivery }: { delivery: TDeliveryDetail }) {
  return (
    <dl className="grid gap-3 rounded-xl border border-slate-200 bg-slate-50/60 p-4 text-sm sm:grid-cols-2">
      <div>
        <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Recipient</dt>
        <dd className="mt-0.5 text-slate-900">
          {delivery.recipientName} · {delivery.recipientPhone}
        </dd>
      </div>
      <div>
        <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Package</dt>
        <dd className="mt-0.5 text-slate-900">
          {packageTypeLabel(delivery.packageType)}, {packageSizeLabel(delivery.packageSize)} · {deliveryTypeLabel(delivery.deliveryType)}
        </dd>
      </div>
      <div className="sm:col-span-2">
        <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Route</dt>
        <dd className="mt-0.5 flex flex-wrap items-center gap-1.5 text-slate-900">
          <span>{delivery.pickupAddress}</span>
          <ArrowRight role="img" aria-label="to" className="size-4 text-slate-400" />
          <span>{delivery.deliveryAddress}</span>
        </dd>
      </div>
    </dl>
  );
}

/** /standing-orders/new?from={deliveryId}: repeat a past delivery on a schedule. */
export function NewStandingOrderPage() {
  const [search] = useSearchParams();
  const fromId = search.get('from') ?? '';
  const source = useSourceDelivery(fromId);
  const create = useCreateStandingOrder();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<TStandingOrderForm>({ resolver: zodResolver(ZStandingOrderForm), defaultValues: emptyStandingOrderForm(false) });
  const specimen = source.data?.packageType === 'SPECIMEN';
  // biome-ignore lint/correctness/useExhaustiveDependencies: filled once per loaded delivery
  useEffect(() => {
    const d = source.data;
    if (d) reset(emptyStandingOrderForm(d.packageType === 'SPECIMEN', d.specimen ? timeOfDay(d.specimen.collectedAt) : ''));
  }, [source.data?._id, reset]);

  const onSubmit = async (form: TStandingOrderForm) => {
    if (!source.data) return;
    setProblem(null);
    try {
      await create.mutateAsync({
        ...templateOf(source.data, form.collectionTime),
        schedule: { rrule: ruleText(form.schedule), time: form.schedule.time },
        startsOn: form.startsOn,
        endsOn: form.endsOn || null,
      });
      toast.success('Standing order created');
      void navigate(paths.standingOrders);
    } catch (error) {
      const message = (
        (isApiError(error) && (error.fieldMessage ?? error.serverMessage)) ||
        errorMessage(error, 'Could not create it')
      ).replace(/^[\w.]+: /, '');
      const field = isApiError(error) && error.field ? FORM_FIELDS[error.field] : undefined;
      if (field) setError(field, { message }, { shouldFocus: true });
      else setProblem(message);
    }
  };

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 lg:py-8">
      <title>{`Repeat this delivery · ${COMPANY.name}`}</title>
      <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight text-slate-900">
        <Repeat aria-hidden="true" className="size-6 text-brand-600" />
        Repeat this delivery
      </h1>
      <p className="mt-1 text-sm text-slate-600">We book it for you ahead of each date, with the same pickup, recipient and package.</p>

      {!fromId && (
        <p className="mt-6 rounded-lg bg-slate-50 p-4 text-sm text-slate-700 ring-1 ring-slate-200 ring-inset">
          Open one of{' '}
          <Link to={paths.deliveries} className="font-medium text-brand-700 underline">
            your deliveries
          </Link>{' '}
          and choose Repeat this delivery.
        </p>
      )}
      {fromId && source.isPending && <Spinner className="mt-8" label="Loading the delivery" />}
      {fromId && source.isError && (
        <p role="alert" className="mt-6 text-sm text-red-700">
          {errorMessage(source.error, 'Could not load that delivery')}
        </p>
      )}

      {source.data && (
        <form
          onSubmit={handleSubmit(onSubmit)}
          noValidate
          className="mt-6 space-y-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        >
          <div>
            <h2 className="mb-3 text-base font-semibold text-slate-900">Delivery #{source.data.orderId}</h2>
            <DeliverySummary delivery={source.data} />
          </div>
          <StandingOrderFields control={control} register={register} errors={errors} specimen={specimen} />
          {problem && (
            <p role="alert" className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
              <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {problem}
            </p>
          )}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Link to={paths.delivery(source.data._id)} className={buttonClass({ variant: 'ghost' })}>
              Cancel
            </Link>
            <button type="submit" className={buttonClass()} disabled={create.isPending}>
              {create.isPending ? 'Saving...' : 'Create standing order'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
