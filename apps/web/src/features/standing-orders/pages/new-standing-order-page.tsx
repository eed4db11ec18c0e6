import { COMPANY, deliveryTypeLabel, packageSizeLabel, packageTypeLabel, type TDeliveryDetail } from '@courier/contract';
import { ArrowRight, Repeat } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useCreateStandingOrder } from '@/domain/standing-orders/api/create-standing-order';
import { useSourceDelivery } from '../api/get-source-delivery';
import {
  StandingOrderFormEnd,
  StandingOrderHeading,
  standingOrderFormClass,
  useStandingOrderForm,
} from '../components/standing-order-form-shell';
import { StandingOrderFields } from '../components/standing-order-fields';
import { ScratchStandingOrderForm } from '../components/scratch-standing-order-form';
import { emptyStandingOrderForm, ruleText, type TStandingOrderForm } from '../lib/standing-order-form';

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

/** /standing-orders/new?from={deliveryId}: repeat a past delivery on a schedule; without `from`, a new one from scratch. */
export function NewStandingOrderPage() {
  const [search] = useSearchParams();
  const fromId = search.get('from') ?? '';
  const source = useSourceDelivery(fromId);
  const create = useCreateStandingOrder();
  const navigate = useNavigate();
  const { form, problem, clearProblem, showError } = useStandingOrderForm();
  const specimen = source.data?.packageType === 'SPECIMEN';
  // biome-ignore lint/correctness/useExhaustiveDependencies: filled once per loaded delivery
  useEffect(() => {
    const d = source.data;
    if (d) form.reset(emptyStandingOrderForm(d.packageType === 'SPECIMEN', d.specimen ? timeOfDay(d.specimen.collectedAt) : ''));
  }, [source.data?._id, form.reset]);

  const onSubmit = async (values: TStandingOrderForm) => {
    if (!source.data) return;
    clearProblem();
    try {
      await create.mutateAsync({
        ...templateOf(source.data, values.collectionTime),
        schedule: { rrule: ruleText(values.schedule), time: values.schedule.time },
        startsOn: values.startsOn,
        endsOn: values.endsOn || null,
      });
      toast.success('Standing order created');
      void navigate(paths.standingOrders);
    } catch (error) {
      showError(error, 'Could not create it');
    }
  };

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 lg:py-8">
      <title>{`${fromId ? 'Repeat this delivery' : 'New standing order'} · ${COMPANY.name}`}</title>
      <StandingOrderHeading
        icon={<Repeat aria-hidden="true" className="size-6 text-brand-600" />}
        title={fromId ? 'Repeat this delivery' : 'New standing order'}
      >
        We book it for you ahead of each date, with the same pickup, recipient and package.
      </StandingOrderHeading>

      {!fromId && (
        <>
          <p className="mt-6 rounded-lg bg-slate-50 p-4 text-sm text-slate-700 ring-1 ring-slate-200 ring-inset">
            Fill in the delivery below, or open one of{' '}
            <Link to={paths.deliveries} className="font-medium text-brand-700 underline">
              your deliveries
            </Link>{' '}
            and choose Repeat this delivery to start from it.
          </p>
          <ScratchStandingOrderForm />
        </>
      )}
      {fromId && source.isPending && <Spinner className="mt-8" label="Loading the delivery" />}
      {fromId && source.isError && (
        <p role="alert" className="mt-6 text-sm text-red-700">
          {errorMessage(source.error, 'Could not load that delivery')}
        </p>
      )}

      {source.data && (
        <form onSubmit={form.handleSubmit(onSubmit)} noValidate className={standingOrderFormClass}>
          <div>
            <h2 className="mb-3 text-base font-semibold text-slate-900">Delivery #{source.data.orderId}</h2>
            <DeliverySummary delivery={source.data} />
          </div>
          <StandingOrderFields control={form.control} register={form.register} errors={form.formState.errors} specimen={specimen} />
          <StandingOrderFormEnd
            problem={problem}
            cancelTo={paths.delivery(source.data._id)}
            pending={create.isPending}
            submitLabel="Create standing order"
          />
        </form>
      )}
    </section>
  );
}
