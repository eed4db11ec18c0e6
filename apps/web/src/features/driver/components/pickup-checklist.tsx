import {
  PACKAGING_CHECK_LABELS,
  PACKAGING_CHECKS,
  TEMPERATURE_LABELS,
  type TDriverJob,
  type TPackagingChecklist,
  isTemperatureControlled,
} from '@courier/contract';
import { useId } from 'react';
import { inputClass } from '@/components/ui/form-controls';

/**
 * The pickup's handling: the parcel's temperature for a temperature-controlled class, and for a
 * UN3373 specimen the packaging checklist, each line with why it matters.
 */
export function PickupChecklist({
  job,
  temperature,
  onTemperature,
  packaging,
  onPackaging,
  error,
}: {
  job: TDriverJob;
  temperature: string;
  onTemperature: (value: string) => void;
  packaging: TPackagingChecklist;
  onPackaging: (value: TPackagingChecklist) => void;
  error?: string;
}) {
  const id = useId();
  const controlled = isTemperatureControlled(job.temperature);
  const un3373 = job.specimen?.category === 'UN3373';
  if (!controlled && !un3373) return null;
  return (
    <div className="space-y-4">
      {controlled && (
        <div>
          <label htmlFor={`${id}-t`} className="mb-1.5 block text-sm font-medium text-slate-700">
            Temperature at pickup (°C) · {TEMPERATURE_LABELS[job.temperature]}
          </label>
          <input
            id={`${id}-t`}
            inputMode="decimal"
            value={temperature}
            onChange={(e) => onTemperature(e.target.value)}
            className={inputClass({ invalid: !!error, className: 'h-14 text-lg' })}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-t-error` : undefined}
          />
          {error && (
            <p id={`${id}-t-error`} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
              {error}
            </p>
          )}
        </div>
      )}
      {un3373 && (
        <fieldset className="rounded-xl border border-amber-300 bg-amber-50 p-3">
          <legend className="px-1 text-sm font-bold text-amber-950">UN3373 packaging: check each before you take it</legend>
          <ul className="space-y-2">
            {PACKAGING_CHECKS.map((check) => (
              <li key={check}>
                <label className="flex items-start gap-3">
                  <input
                    type="checkbox"
                    // shrink-0: on a phone a long reason would otherwise squeeze the box out of line with the others.
                    className="mt-0.5 size-5 shrink-0 accent-brand-600"
                    checked={packaging[check] === true}
                    onChange={(e) => onPackaging({ ...packaging, [check]: e.target.checked })}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block text-sm font-semibold text-slate-900">{PACKAGING_CHECK_LABELS[check].label}</span>
                    <span className="block text-xs text-slate-700">{PACKAGING_CHECK_LABELS[check].reason}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </div>
  );
}

/** The first unticked line, or null when all are ticked (or the parcel needs none). */
export function firstUnchecked(job: Pick<TDriverJob, 'specimen'>, packaging: TPackagingChecklist): string | null {
  if (job.specimen?.category !== 'UN3373') return null;
  const missing = PACKAGING_CHECKS.find((c) => packaging[c] !== true);
  return missing ? `Check "${PACKAGING_CHECK_LABELS[missing].label}" before you take the parcel.` : null;
}
