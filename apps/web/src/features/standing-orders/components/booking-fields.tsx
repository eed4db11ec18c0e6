import {
  DELIVERY_TYPE_LABELS,
  DELIVERY_TYPES,
  PACKAGE_SIZE_LABELS,
  PACKAGE_SIZES,
  PACKAGE_TYPE_LABELS,
  PACKAGE_TYPES,
  PRIORITIES,
  PRIORITY_LABELS,
  SPECIMEN_CATEGORIES,
  SPECIMEN_CATEGORY_LABELS,
  TEMPERATURE_CLASSES,
  TEMPERATURE_LABELS,
} from '@courier/contract';
import type { FieldErrors, UseFormClearErrors, UseFormRegister } from 'react-hook-form';
import { Field, inputClass } from '@/components/ui/form-controls';
import type { TBookingField, TBookingValues } from '../lib/booking-template';

const section = 'grid gap-5 sm:grid-cols-2';
const heading = 'mb-3 text-base font-semibold text-slate-900 sm:col-span-2';

/** The booking fields every run of a standing order made from scratch repeats: the request form's, without required-by. */
export function BookingFields({
  register: registerField,
  clearErrors,
  errors,
  packageType,
}: {
  register: UseFormRegister<TBookingValues>;
  clearErrors: UseFormClearErrors<TBookingValues>;
  errors: FieldErrors<TBookingValues>;
  packageType: string;
}) {
  // A field's message goes as soon as it is edited; the next submit checks again.
  const register = (name: TBookingField) => registerField(name, { onChange: () => clearErrors(name) });
  const text = (name: TBookingField, label: string, props: { type?: string; autoComplete?: string; wide?: boolean } = {}) => (
    <Field
      id={`so-${name}`}
      label={label}
      marker="required"
      error={errors[name]?.message}
      className={props.wide ? 'sm:col-span-2' : undefined}
    >
      <input
        id={`so-${name}`}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete ?? 'off'}
        className={inputClass({ invalid: !!errors[name] })}
        {...register(name)}
      />
    </Field>
  );
  const choice = (name: TBookingField, label: string, options: readonly string[], labels: Record<string, string>) => (
    <Field id={`so-${name}`} label={label} error={errors[name]?.message}>
      <select id={`so-${name}`} className={inputClass({ invalid: !!errors[name] })} {...register(name)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {labels[o]}
          </option>
        ))}
      </select>
    </Field>
  );
  return (
    <>
      <fieldset className={section}>
        <legend className={heading}>Pickup</legend>
        {text('senderPhone', 'Sender phone', { type: 'tel', autoComplete: 'tel' })}
        {text('pickupAddress', 'Pickup address', { autoComplete: 'street-address', wide: true })}
      </fieldset>
      <fieldset className={section}>
        <legend className={heading}>Recipient</legend>
        {text('recipientName', 'Recipient name')}
        {text('recipientPhone', 'Recipient phone', { type: 'tel' })}
        {text('recipientEmail', 'Recipient e-mail', { type: 'email', wide: true })}
        {text('deliveryAddress', 'Delivery address', { wide: true })}
      </fieldset>
      <fieldset className={section}>
        <legend className={heading}>Package and handling</legend>
        {choice('packageType', 'Package type', PACKAGE_TYPES, PACKAGE_TYPE_LABELS)}
        {choice('packageSize', 'Package size', PACKAGE_SIZES, PACKAGE_SIZE_LABELS)}
        {choice('deliveryType', 'Delivery type', DELIVERY_TYPES, DELIVERY_TYPE_LABELS)}
        {choice('priority', 'Priority', PRIORITIES, PRIORITY_LABELS)}
        {choice('temperature', 'Temperature', TEMPERATURE_CLASSES, TEMPERATURE_LABELS)}
        {packageType === 'MEDICATION' && (
          <label className="flex items-center gap-2 self-end pb-3 text-sm text-slate-700">
            <input type="checkbox" className="size-4 accent-brand-600" {...register('controlledSubstance')} />
            Controlled substance (ID check at hand-over)
          </label>
        )}
        {packageType === 'SPECIMEN' && (
          <>
            <Field id="so-specimenCategory" label="Specimen category" marker="required" error={errors.specimenCategory?.message}>
              <select
                id="so-specimenCategory"
                className={inputClass({ invalid: !!errors.specimenCategory })}
                {...register('specimenCategory')}
              >
                <option value="">Choose…</option>
                {SPECIMEN_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {SPECIMEN_CATEGORY_LABELS[c]}
                  </option>
                ))}
              </select>
            </Field>
            <Field id="so-stableForHours" label="Stable for (hours)" marker="required" error={errors.stableForHours?.message}>
              <input
                id="so-stableForHours"
                type="number"
                inputMode="decimal"
                min={0}
                step="any"
                className={inputClass({ invalid: !!errors.stableForHours })}
                {...register('stableForHours')}
              />
            </Field>
          </>
        )}
        <Field id="so-specialInstructions" label="Special instructions" marker="optional" className="sm:col-span-2">
          <textarea
            id="so-specialInstructions"
            rows={2}
            className={inputClass({ className: 'h-auto py-2' })}
            {...register('specialInstructions')}
          />
        </Field>
      </fieldset>
    </>
  );
}
