import { zodResolver } from '@hookform/resolvers/zod';
import {
  HOLD_MESSAGE,
  ON_BOARD_STATUSES,
  TEMPERATURE_LABELS,
  type TDeliveryStatus,
  type TDriverJob,
  isTemperatureControlled,
  TEMPERATURE_RANGES,
  temperatureInRange,
  ZTemperatureReadingRequest,
} from '@courier/contract';
import { FileUp, OctagonAlert, Thermometer } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { toast } from '@/lib/toast';
import { inputClass } from '@/components/ui/form-controls';
import { TemperatureChart } from '@/domain/deliveries/components/temperature-chart';
import { formatDateTime } from '@/lib/format-date';
import { newMoveKey } from '../lib/outbox-store';
import { useQueueMove } from '../lib/use-outbox';
import { LoggerScan } from './logger-scan';

/** The hold, shown plainly wherever the driver might hand the parcel over. */
export function HoldBanner({ job }: { job: Pick<TDriverJob, 'hold'> }) {
  if (!job.hold) return null;
  return (
    <p role="alert" className="mt-3 flex items-start gap-2 rounded-xl bg-red-600 px-4 py-3 text-base font-bold text-white">
      <OctagonAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <span>
        {HOLD_MESSAGE}
        <span className="block text-sm font-normal">
          Since {formatDateTime(job.hold.since)}. Keep the parcel cool and wait for dispatch.
        </span>
      </span>
    </p>
  );
}

/** A temperature typed on a phone: a comma decimal is a decimal, anything else is refused. */
export const readCelsius = (typed: string): number | null => {
  const value = Number(typed.trim().replace(',', '.'));
  return typed.trim() && Number.isFinite(value) && value >= -100 && value <= 100 ? value : null;
};

const PROBE_MESSAGE = 'Enter the temperature in °C, e.g. 4.5';

/** The probe field: what the phone typed, read as °C (comma decimals too), then the contract's reading rule. */
const ZProbeForm = z.object({
  celsius: z
    .string()
    .transform((typed, ctx) => {
      const celsius = readCelsius(typed);
      if (celsius === null) ctx.addIssue({ code: 'custom', message: PROBE_MESSAGE });
      return celsius ?? z.NEVER;
    })
    .pipe(ZTemperatureReadingRequest.shape.celsius),
});

/**
 * Along the way (parcel on board, temperature-controlled): record a probe reading or upload a data
 * logger's CSV; both queue on the phone and go out in order, so they work offline. Readings so far below.
 */
export function TemperatureStep({ job, status }: { job: TDriverJob; status: TDeliveryStatus }) {
  const queueMove = useQueueMove();
  const {
    register,
    handleSubmit,
    reset,
    clearErrors,
    formState: { errors },
  } = useForm<z.input<typeof ZProbeForm>, unknown, z.output<typeof ZProbeForm>>({
    resolver: zodResolver(ZProbeForm),
    reValidateMode: 'onSubmit',
    defaultValues: { celsius: '' },
  });
  const error = errors.celsius?.message;
  // The last reading recorded here was out of range: the parcel is held, said inline until the next reading.
  const [excursion, setExcursion] = useState<number | null>(null);
  const inputId = useId();
  const fileId = useId();
  if (!isTemperatureControlled(job.temperature)) return null;
  const onBoard = ON_BOARD_STATUSES.includes(status);
  const base = { deliveryId: job._id, orderId: job.orderId, queuedAt: new Date().toISOString() };

  const record = handleSubmit(async ({ celsius }) => {
    const outcome = await queueMove({ ...base, kind: 'temperature', key: newMoveKey(), body: { celsius, at: new Date().toISOString() } });
    if (outcome === 'refused') return;
    reset();
    const queued = outcome === 'sent' ? '' : ' Saved on this phone; it will be sent when the network returns.';
    if (!temperatureInRange(job.temperature, celsius)) {
      // An excursion puts the parcel on hold: a warning, never a green success.
      setExcursion(celsius);
      toast.warning(`${celsius} °C is out of range. ${HOLD_MESSAGE}.${queued}`);
      return;
    }
    setExcursion(null);
    toast[outcome === 'sent' ? 'success' : 'info'](
      outcome === 'sent' ? `${celsius} °C recorded` : `${celsius} °C saved on this phone; it will be sent when the network returns.`,
    );
  });
  const upload = async (file: File | undefined) => {
    if (!file) return;
    const outcome = await queueMove({ ...base, kind: 'temperature-log', key: newMoveKey(), csv: await file.text() });
    if (outcome !== 'refused')
      toast[outcome === 'sent' ? 'success' : 'info'](outcome === 'sent' ? 'Logger readings uploaded' : 'Logger file saved on this phone.');
  };

  return (
    <section aria-labelledby={`${inputId}-h`} className="rounded-2xl border border-sky-200 bg-sky-50/60 p-4 text-sm shadow-sm">
      <h2 id={`${inputId}-h`} className="flex items-center gap-1.5 font-semibold text-sky-950">
        <Thermometer aria-hidden="true" className="size-4" />
        Temperature · {TEMPERATURE_LABELS[job.temperature]}
      </h2>
      {onBoard && (
        <form noValidate className="mt-3 flex items-end gap-2" onSubmit={(e) => void record(e)}>
          <div className="flex-1">
            <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-700">
              Probe reading (°C)
            </label>
            <input
              id={inputId}
              inputMode="decimal"
              {...register('celsius', { onChange: () => clearErrors('celsius') })}
              className={inputClass({ invalid: !!error, className: 'h-12 text-lg' })}
              aria-describedby={error ? `${inputId}-error` : undefined}
              aria-invalid={error ? true : undefined}
            />
          </div>
          <button type="submit" className="h-12 rounded-lg bg-sky-700 px-4 font-semibold text-white active:bg-sky-800">
            Record
          </button>
        </form>
      )}
      {error && (
        <p id={`${inputId}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {excursion !== null && isTemperatureControlled(job.temperature) && (
        <p role="alert" className="mt-2 flex gap-2 rounded-lg bg-amber-50 p-2.5 font-medium text-amber-900 ring-1 ring-amber-300">
          <OctagonAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {excursion} °C is outside {TEMPERATURE_RANGES[job.temperature].min} to {TEMPERATURE_RANGES[job.temperature].max} °C.{' '}
            {HOLD_MESSAGE}: keep the parcel cool and wait for dispatch.
          </span>
        </p>
      )}
      {onBoard && <LoggerScan job={job} />}
      {onBoard && (
        <div className="mt-3">
          <label htmlFor={fileId} className="inline-flex cursor-pointer items-center gap-1.5 font-medium text-sky-800 underline">
            <FileUp aria-hidden="true" className="size-4" />
            Upload a data logger CSV (time,celsius)
          </label>
          <input id={fileId} type="file" accept=".csv,text/csv" className="sr-only" onChange={(e) => void upload(e.target.files?.[0])} />
        </div>
      )}
      {job.temperatureReadings.length > 0 && (
        <div className="mt-3">
          <TemperatureChart readings={job.temperatureReadings} temperature={job.temperature} />
          <ul className="mt-2 space-y-0.5 text-slate-700">
            {job.temperatureReadings.slice(-5).map((r) => (
              <li key={`${r.at}-${r.source}-${r.celsius}`} className={r.inRange ? '' : 'font-semibold text-red-700'}>
                {r.celsius.toFixed(1)} °C · {formatDateTime(r.at)} · {r.source}
                {!r.inRange && ' · out of range'}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
