import {
  PACKAGING_CHECK_LABELS,
  PRIORITIES,
  SPECIMEN_CATEGORIES,
  SPECIMEN_CATEGORY_LABELS,
  STAT_PICKUP_MINUTES,
  TEMPERATURE_CLASSES,
  TEMPERATURE_LABELS,
  type TPriority,
  type TTemperatureClass,
} from '@courier/contract';
import clsx from 'clsx';
import type { UseFormRegister } from 'react-hook-form';
import type { TDeliveryRequestForm } from '../api/create-delivery';
import type { THandlingField } from '../lib/handling-form';
import { Field, inputClass } from '@/components/ui/form-controls';
import { formatDateTime } from '@/lib/format-date';

const PRIORITY_TEXT: Record<TPriority, { title: string; hint: string }> = {
  routine: { title: 'Routine', hint: 'Picked up in the normal run' },
  stat: { title: 'STAT (urgent)', hint: `Picked up within ${STAT_PICKUP_MINUTES} minutes of approval` },
};

/** Plain words for each class, with the range from the contract. */
const TEMPERATURE_TEXT: Record<TTemperatureClass, { title: string; hint: string }> = {
  ambient: { title: 'No temperature control', hint: 'Documents, supplies, equipment' },
  controlled_room: { title: 'Room temperature', hint: TEMPERATURE_LABELS.controlled_room.replace(/^.*?\(/, '').replace(/\)$/, '') },
  refrigerated: { title: 'Keep refrigerated', hint: '2-8 °C, in a validated cooler' },
  frozen: { title: 'Keep frozen', hint: '-25 to -10 °C, on dry ice or a freezer pack' },
};

function RadioCard(props: {
  name: string;
  value: string;
  checked: boolean;
  title: string;
  hint: string;
  field: ReturnType<UseFormRegister<TDeliveryRequestForm>>;
}) {
  return (
    <label
      className={clsx(
        'flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors has-focus-visible:ring-2 has-focus-visible:ring-brand-200',
        props.checked ? 'border-brand-500 bg-brand-50/60' : 'border-slate-200 bg-white hover:border-slate-300',
      )}
    >
      <input type="radio" value={props.value} className="mt-0.5 accent-brand-600" {...props.field} />
      <span className="min-w-0">
        <span className="block text-sm font-medium text-slate-900">{props.title}</span>
        <span className="block text-xs text-slate-500">{props.hint}</span>
      </span>
    </label>
  );
}

/**
 * The Package step's handling: priority, temperature with its range, the specimen's category,
 * collection time and stability, and the controlled-substance flag for medication.
 */
export function HandlingFields({
  values,
  register,
  onChange,
  errorOf,
}: {
  values: TDeliveryRequestForm;
  register: UseFormRegister<TDeliveryRequestForm>;
  onChange: (field: THandlingField, value: string) => void;
  errorOf: (field: THandlingField) => string | undefined;
}) {
  const collected = new Date(values.specimenCollectedAt);
  const hours = Number(values.specimenStableHours);
  const deadline =
    values.packageType === 'SPECIMEN' && !Number.isNaN(collected.getTime()) && hours > 0
      ? new Date(collected.getTime() + hours * 3_600_000)
      : null;
  return (
    <>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-700">Priority</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {PRIORITIES.map((p) => (
            <RadioCard
              key={p}
              name="priority"
              value={p}
              checked={values.priority === p}
              {...PRIORITY_TEXT[p]}
              field={register('priority')}
            />
          ))}
        </div>
      </fieldset>

      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-700">Temperature</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {TEMPERATURE_CLASSES.map((c) => (
            <RadioCard
              key={c}
              name="temperature"
              value={c}
              checked={values.temperature === c}
              {...TEMPERATURE_TEXT[c]}
              field={register('temperature')}
            />
          ))}
        </div>
        {values.temperature !== 'ambient' && (
          <p className="mt-2 text-xs text-slate-600">
            The driver records the temperature at pickup and at hand-over; a reading out of range puts the delivery on hold.
          </p>
        )}
      </fieldset>

      {values.packageType === 'SPECIMEN' && (
        <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-3">
          <legend className="px-1 text-sm font-medium text-slate-700">Specimen</legend>
          <Field id="specimenCategory" label="Category" marker="required" error={errorOf('specimenCategory')}>
            <select id="specimenCategory" className={inputClass()} {...register('specimenCategory')}>
              {SPECIMEN_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {SPECIMEN_CATEGORY_LABELS[c]}
                </option>
              ))}
            </select>
          </Field>
          <Field id="specimenCollectedAt" label="Collected at" marker="required" error={errorOf('specimenCollectedAt')}>
            <input id="specimenCollectedAt" type="datetime-local" className={inputClass()} {...register('specimenCollectedAt')} />
          </Field>
          <Field id="specimenStableHours" label="Stable for (hours)" marker="required" error={errorOf('specimenStableHours')}>
            <input
              id="specimenStableHours"
              type="number"
              min={1}
              step="any"
              inputMode="decimal"
              className={inputClass()}
              {...register('specimenStableHours')}
            />
          </Field>
          {deadline && (
            <p className="text-sm text-slate-700 sm:col-span-3">
              Stability deadline: <strong>{formatDateTime(deadline)}</strong>
            </p>
          )}
          {values.specimenCategory === 'UN3373' && (
            <p className="text-xs text-slate-600 sm:col-span-3">
              Pack it to UN3373 (P650):{' '}
              {Object.values(PACKAGING_CHECK_LABELS)
                .map((c) => c.label.toLowerCase())
                .join(', ')}
              . The driver checks each at pickup.
            </p>
          )}
        </fieldset>
      )}

      {values.packageType === 'MEDICATION' && (
        <label className="flex items-start gap-3 rounded-lg border border-slate-200 p-3">
          <input
            id="controlledSubstance"
            type="checkbox"
            className="mt-0.5 size-4 accent-brand-600"
            checked={values.controlledSubstance === 'true'}
            onChange={(e) => onChange('controlledSubstance', e.target.checked ? 'true' : 'false')}
          />
          <span>
            <span className="block text-sm font-medium text-slate-900">Controlled substance</span>
            <span className="block text-xs text-slate-500">
              The receiver shows photo ID at hand-over; we keep only its type and last 4 characters.
            </span>
          </span>
        </label>
      )}
    </>
  );
}
