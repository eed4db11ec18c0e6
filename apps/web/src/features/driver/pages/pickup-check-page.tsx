import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle, PackageCheck } from 'lucide-react';
import { isTemperatureControlled, type TDriverJob, ZPackagingChecklist } from '@courier/contract';
import { useCallback, useId, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Navigate, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { toast } from '@/lib/toast';
import { inputClass } from '@/components/ui/form-controls';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { BackLink } from '../components/back-to-jobs';
import { LabelScanner } from '../components/label-scanner';
import { PieceScanList, usePieceScans } from '../components/piece-scans';
import { firstUnchecked, PickupChecklist } from '../components/pickup-checklist';
import { readCelsius } from '../components/temperature-step';
import { bigButtonClass } from '../components/next-action-button';
import { currentCoords } from '../lib/current-coords';
import { nextAction } from '../lib/next-action';
import { newMoveKey } from '../lib/outbox-store';
import { drugTestRefusal, scansEachPiece } from '../lib/piece-checks';
import { readTrackingNumber } from '../lib/read-tracking-number';
import { useQueueMove } from '../lib/use-outbox';
import { useJobView } from '../lib/use-job';

const ZPickupFields = z.object({ scanned: z.string(), temperature: z.string(), packaging: ZPackagingChecklist });
type TPickupFields = z.input<typeof ZPickupFields>;

/**
 * The pickup check of one job, in the order the driver meets it, stopping at the first failure: the label's
 * number (the contract's tracking-number pattern) must be this job's, then the temperature of a controlled
 * parcel, then the UN3373 packaging checks (shown under the label field, as before).
 */
const pickupForm = (job: TDriverJob) =>
  ZPickupFields.transform((form, ctx) => {
    const fail = (path: keyof TPickupFields, message: string) => {
      ctx.addIssue({ code: 'custom', path: [path], message });
      return z.NEVER;
    };
    // Several pieces (or one that needs more than a scan): each is scanned in the pieces list below instead of the one number.
    const scannedOrderId = scansEachPiece(job) ? job.orderId : readTrackingNumber(form.scanned);
    if (!scannedOrderId) return fail('scanned', 'Scan the label or type its tracking number.');
    // Checked here too so that a wrong parcel is caught at once, even offline; the server checks again.
    // The expected number is never shown here: copying it from the screen would defeat the check.
    if (scannedOrderId !== job.orderId)
      return fail('scanned', `This label reads ${scannedOrderId}: it is not this job's parcel. Check the parcel.`);
    const controlled = isTemperatureControlled(job.temperature);
    const temperatureC = controlled ? readCelsius(form.temperature) : null;
    if (controlled && temperatureC === null) return fail('temperature', 'Enter the temperature in °C at pickup, e.g. 4.1');
    const unchecked = firstUnchecked(job, form.packaging);
    if (unchecked) return fail('scanned', unchecked);
    return { scannedOrderId, temperatureC, packaging: form.packaging };
  });
type TPickupCheck = z.output<ReturnType<typeof pickupForm>>;

/** /driver/jobs/{id}/pickup: the parcel's label must match the job before it counts as picked up. */
export function PickupCheckPage() {
  const { id = '' } = useParams();
  const { view, isPending } = useJobView(id);
  const navigate = useNavigate();
  const queueMove = useQueueMove();
  const [busy, setBusy] = useState(false);
  const pieces = usePieceScans();
  // The rules depend on the job, known once it has loaded; the resolver reads the current one.
  const jobRef = useRef<TDriverJob | null>(null);
  const resolver: Resolver<TPickupFields, unknown, TPickupCheck> = (values, context, options) =>
    jobRef.current
      ? zodResolver(pickupForm(jobRef.current))(values, context, options)
      : { values: {}, errors: { root: { type: 'custom', message: 'No job' } } };
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    clearErrors,
    formState: { errors },
  } = useForm<TPickupFields, unknown, TPickupCheck>({
    resolver,
    reValidateMode: 'onSubmit',
    defaultValues: { scanned: '', temperature: '', packaging: {} },
  });
  const error = errors.scanned?.message ?? '';
  const temperatureError = errors.temperature?.message ?? '';
  const inputId = useId();
  const onRead = useCallback(
    (value: string) => {
      if (jobRef.current && scansEachPiece(jobRef.current)) return pieces.scan(jobRef.current, value);
      setValue('scanned', readTrackingNumber(value));
      clearErrors('scanned');
    },
    [setValue, clearErrors, pieces.scan],
  );
  const temperature = watch('temperature');
  const packaging = watch('packaging');

  if (isPending) return <PageSpinner />;
  const action = view && nextAction(view.status);
  if (!view || action?.kind !== 'pickup') return <Navigate to={view ? paths.driverJob(id) : paths.driverHome} replace />;
  const { job } = view;
  jobRef.current = job;

  const multi = scansEachPiece(job);
  const confirm = handleSubmit(async ({ scannedOrderId, temperatureC, packaging }) => {
    const problem = multi ? pieces.problem(job) : null;
    if (problem) {
      toast.error(problem);
      return;
    }
    setBusy(true);
    const location = await currentCoords(2_500);
    const pieceBody = multi ? pieces.body(job) : null;
    // The page has already gone back to the job (the move waits in the outbox): a refusal is told in a toast.
    const explain = (error: unknown) => drugTestRefusal(error, job, pieceBody?.pieceChecks ?? []);
    const outcome = await queueMove(
      {
        kind: 'status',
        key: newMoveKey(),
        deliveryId: job._id,
        orderId: job.orderId,
        queuedAt: new Date().toISOString(),
        body: {
          status: action.to,
          ...(pieceBody ?? { scannedOrderId }),
          ...(location ? { location } : {}),
          ...(temperatureC !== null ? { temperatureC } : {}),
          ...(job.specimen?.category === 'UN3373' ? { packaging } : {}),
        },
      },
      { explain },
    );
    setBusy(false);
    if (outcome === 'refused') return;
    toast[outcome === 'sent' ? 'success' : 'info'](
      outcome === 'sent' ? `#${job.orderId} picked up` : 'Pickup saved on this phone; it will be sent when the network returns.',
    );
    navigate(paths.driverJob(job._id), { replace: true });
  });

  return (
    <section className="mx-auto w-full max-w-xl px-4 pt-2 pb-10">
      <title>Pickup check · MedCourier</title>
      <BackLink to={paths.driverJob(job._id)} label="Back to the job" />
      <h1 className="mt-1 text-2xl font-bold text-slate-900">Check the parcel</h1>
      <p className="mt-1 text-sm text-slate-600">
        Scan the label on the parcel from {job.senderName}, or type the tracking number printed on it.
      </p>
      <form noValidate className="mt-5 space-y-4" onSubmit={(event) => void confirm(event)}>
        <LabelScanner onRead={onRead} />
        {multi ? (
          <PieceScanList job={job} state={pieces} />
        ) : (
          <div>
            <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-700">
              Tracking number on the label
            </label>
            <input
              id={inputId}
              {...register('scanned', { onChange: () => clearErrors('scanned') })}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              placeholder="MC…"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-error` : undefined}
              className={inputClass({ invalid: !!error, className: 'h-14 font-mono text-lg tracking-wider uppercase' })}
            />
            {error && (
              <p id={`${inputId}-error`} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
                {error}
              </p>
            )}
          </div>
        )}
        <PickupChecklist
          job={job}
          temperature={temperature}
          onTemperature={(value) => {
            setValue('temperature', value);
            clearErrors('temperature');
          }}
          packaging={packaging}
          onPackaging={(value) => {
            setValue('packaging', value);
            clearErrors('scanned');
          }}
          error={temperatureError}
        />
        <button type="submit" className={bigButtonClass} disabled={busy}>
          {busy ? (
            <LoaderCircle aria-hidden="true" className="size-6 animate-spin" />
          ) : (
            <PackageCheck aria-hidden="true" className="size-6" />
          )}
          Confirm pickup
        </button>
      </form>
    </section>
  );
}
