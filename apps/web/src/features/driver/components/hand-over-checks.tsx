import {
  ID_RELATIONSHIP_LABELS,
  ID_RELATIONSHIPS,
  ID_TYPE_LABELS,
  ID_TYPES,
  TEMPERATURE_LABELS,
  type TDriverJob,
  isTemperatureControlled,
} from '@courier/contract';
import { IdCard } from 'lucide-react';
import { useId } from 'react';
import { inputClass } from '@/components/ui/form-controls';
import { readCelsius } from './temperature-step';

export interface THandOver {
  temperatureC: string;
  idType: string;
  idLast4: string;
  idName: string;
  relationship: string;
}
export const EMPTY_HAND_OVER: THandOver = { temperatureC: '', idType: '', idLast4: '', idName: '', relationship: '' };
export type THandOverErrors = Partial<Record<keyof THandOver, string>>;

/**
 * What the ID field keeps of what is typed or pasted: its last 4 letters or digits. A driver who types the
 * whole number keeps its end (the part the proof records), and the whole number is never held or sent.
 */
export const lastFourOfId = (typed: string) => typed.replace(/[^A-Za-z0-9]/g, '').slice(-4);

/** What the proof step needs besides the proof: the temperature (controlled classes), the ID check (controlled substances). */
export function checkHandOver(job: Pick<TDriverJob, 'temperature' | 'controlledSubstance'>, h: THandOver): THandOverErrors {
  const errors: THandOverErrors = {};
  if (isTemperatureControlled(job.temperature) && readCelsius(h.temperatureC) === null)
    errors.temperatureC = 'Enter the temperature in °C at hand-over';
  if (job.controlledSubstance) {
    if (!h.idType) errors.idType = 'Choose the type of photo ID';
    if (!/^[A-Za-z0-9]{4}$/.test(h.idLast4.trim())) errors.idLast4 = 'Enter exactly the last 4 characters of the ID number';
    if (!h.idName.trim()) errors.idName = 'Enter the name on the ID';
    if (!h.relationship) errors.relationship = 'Choose who the receiver is';
  }
  return errors;
}

/** The proof's fields for these checks, as the server reads them. */
export function handOverFields(job: Pick<TDriverJob, 'temperature' | 'controlledSubstance'>, h: THandOver) {
  return {
    ...(isTemperatureControlled(job.temperature) ? { temperatureC: readCelsius(h.temperatureC) ?? undefined } : {}),
    ...(job.controlledSubstance
      ? { idType: h.idType, idLast4: h.idLast4.trim().toUpperCase(), idName: h.idName.trim(), relationship: h.relationship }
      : {}),
  };
}

/** The temperature and ID check inside the proof-of-delivery step. */
export function HandOverChecks({
  job,
  value,
  onChange,
  errors,
}: {
  job: TDriverJob;
  value: THandOver;
  onChange: (value: THandOver) => void;
  errors: THandOverErrors;
}) {
  const id = useId();
  const set = (field: keyof THandOver) => (e: { target: { value: string } }) => onChange({ ...value, [field]: e.target.value });
  const err = (field: keyof THandOver) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="mt-1 text-sm font-medium text-red-700">
        {errors[field]}
      </p>
    ) : null;
  const aria = (field: keyof THandOver) => ({
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
  });
  return (
    <>
      {isTemperatureControlled(job.temperature) && (
        <div>
          <label htmlFor={`${id}-temperatureC`} className="mb-1.5 block text-sm font-medium text-slate-700">
            Temperature at hand-over (°C) · {TEMPERATURE_LABELS[job.temperature]}
          </label>
          <input
            id={`${id}-temperatureC`}
            inputMode="decimal"
            value={value.temperatureC}
            onChange={set('temperatureC')}
            className={inputClass({ invalid: !!errors.temperatureC, className: 'h-12 text-lg' })}
            {...aria('temperatureC')}
          />
          {err('temperatureC')}
        </div>
      )}
      {job.controlledSubstance && (
        <fieldset className="space-y-3 rounded-xl border border-violet-300 bg-violet-50 p-3">
          <legend className="flex items-center gap-1.5 px-1 text-sm font-bold text-violet-950">
            <IdCard aria-hidden="true" className="size-4" />
            ID check: controlled substance
          </legend>
          <p className="text-xs text-violet-900">
            See the receiver's photo ID and type the last 4 characters of its number. If you type more, only the last 4 are kept.
          </p>
          <div>
            <label htmlFor={`${id}-idType`} className="mb-1 block text-sm font-medium text-slate-700">
              Type of ID
            </label>
            <select
              id={`${id}-idType`}
              value={value.idType}
              onChange={set('idType')}
              className={inputClass({ invalid: !!errors.idType, className: 'h-12' })}
              {...aria('idType')}
            >
              <option value="">Choose…</option>
              {ID_TYPES.map((t) => (
                <option key={t} value={t}>
                  {ID_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
            {err('idType')}
          </div>
          <div>
            <label htmlFor={`${id}-idLast4`} className="mb-1 block text-sm font-medium text-slate-700">
              Last 4 characters of the ID number
            </label>
            <input
              id={`${id}-idLast4`}
              autoComplete="off"
              value={value.idLast4}
              onChange={(e) => onChange({ ...value, idLast4: lastFourOfId(e.target.value) })}
              className={inputClass({ invalid: !!errors.idLast4, className: 'h-12 font-mono tracking-widest uppercase' })}
              {...aria('idLast4')}
            />
            {err('idLast4')}
          </div>
          <div>
            <label htmlFor={`${id}-idName`} className="mb-1 block text-sm font-medium text-slate-700">
              Name on the ID
            </label>
            <input
              id={`${id}-idName`}
              autoComplete="off"
              value={value.idName}
              onChange={set('idName')}
              className={inputClass({ invalid: !!errors.idName, className: 'h-12' })}
              {...aria('idName')}
            />
            {err('idName')}
          </div>
          <div>
            <label htmlFor={`${id}-relationship`} className="mb-1 block text-sm font-medium text-slate-700">
              Receiver is the
            </label>
            <select
              id={`${id}-relationship`}
              value={value.relationship}
              onChange={set('relationship')}
              className={inputClass({ invalid: !!errors.relationship, className: 'h-12' })}
              {...aria('relationship')}
            >
              <option value="">Choose…</option>
              {ID_RELATIONSHIPS.map((r) => (
                <option key={r} value={r}>
                  {ID_RELATIONSHIP_LABELS[r]}
                </option>
              ))}
            </select>
            {err('relationship')}
          </div>
        </fieldset>
      )}
    </>
  );
}
