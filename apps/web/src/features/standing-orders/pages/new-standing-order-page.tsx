import { COMPANY, deliveryTypeLabel, packageSizeLabel, packageTypeLabel, type TDeliveryDetail } from '@courier/contract';
import { AlertCircle, ArrowRight, Repeat } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { Field, inputClass } from '@/components/ui/form-controls';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useCreateStandingOrder } from '../api/create-standing-order';
import { useSourceDelivery } from '../api/get-source-delivery';
import { ScheduleFields } from '@/components/schedule-fields';
import { initialScheduleChoice, ruleOf, todayDate } from '@/lib/schedule-rule';

/** The booking fields a standing order repeats: the delivery's own, without its required-by. */
function templateOf(d: TDeliveryDetail) {
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
    // A specimen's collection time belongs to one trip, so a repeat carries the handling but not the specimen.
    priority: d.priority,
    temperature: d.temperature,
    controlledSubstance: d.controlledSubstance,
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
  const [schedule, setSchedule] = useState(initialScheduleChoice);
  const [startsOn, setStartsOn] = useState(todayDate);
  const [endsOn, setEndsOn] = useState('');
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!source.data) return;
    const rule = ruleOf(schedule);
    if ('error' in rule) {
      setProblem({ field: 'schedule.rrule', message: rule.error });
      return;
    }
    setProblem(null);
    try {
      await create.mutateAsync({
        ...templateOf(source.data),
        schedule: { rrule: rule.rrule, time: schedule.time },
        startsOn,
        endsOn: endsOn || null,
      });
      toast.success('Standing order created');
      void navigate(paths.standingOrders);
    } catch (error) {
      const message = (isApiError(error) && (error.fieldMessage ?? error.serverMessage)) || errorMessage(error, 'Could not create it');
      setProblem({ field: (isApiError(error) && error.field) || 'form', message: message.replace(/^[\w.]+: /, '') });
    }
  };

  const errorFor = (field: string) => (problem?.field === field ? problem.message : undefined);
  const otherProblem = problem && !['schedule.rrule', 'schedule.time', 'startsOn', 'endsOn'].includes(problem.field) ? problem : null;

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
        <form onSubmit={onSubmit} noValidate className="mt-6 space-y-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <div>
            <h2 className="mb-3 text-base font-semibold text-slate-900">Delivery #{source.data.orderId}</h2>
            <DeliverySummary delivery={source.data} />
          </div>
          <div>
            <h2 className="mb-3 text-base font-semibold text-slate-900">Schedule</h2>
            <ScheduleFields value={schedule} onChange={setSchedule} error={errorFor('schedule.rrule') ?? errorFor('schedule.time')} />
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="startsOn" label="Starts on" error={errorFor('startsOn')}>
              <input
                id="startsOn"
                type="date"
                required
                className={inputClass({ invalid: !!errorFor('startsOn') })}
                value={startsOn}
                onChange={(e) => setStartsOn(e.target.value)}
                aria-invalid={errorFor('startsOn') ? true : undefined}
                aria-describedby={errorFor('startsOn') ? 'startsOn-error' : undefined}
              />
            </Field>
            <Field id="endsOn" label="Ends on (optional)" error={errorFor('endsOn')}>
              <input
                id="endsOn"
                type="date"
                className={inputClass({ invalid: !!errorFor('endsOn') })}
                value={endsOn}
                min={startsOn}
                onChange={(e) => setEndsOn(e.target.value)}
                aria-invalid={errorFor('endsOn') ? true : undefined}
                aria-describedby={errorFor('endsOn') ? 'endsOn-error' : undefined}
              />
            </Field>
          </div>
          {otherProblem && (
            <p role="alert" className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
              <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {otherProblem.message}
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
