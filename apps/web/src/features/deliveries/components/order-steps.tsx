import { PACKAGE_SIZES, PACKAGE_TYPES, packageSizeLabel, packageTypeLabel, REFERENCE_MAX } from '@courier/contract';
import clsx from 'clsx';
import { Controller, type UseFormRegisterReturn, type UseFormReturn } from 'react-hook-form';
import { Field, inputClass } from '@/components/ui/form-controls';
import { toDateTimeLocal } from '@/lib/delivery-format';
import type { TDeliveryRequestForm } from '../api/create-delivery';
import type { TQuotePriceInputs } from '../api/get-delivery-quote';
import type { TOrderField } from '../lib/order-form';
import { AddressCombobox, type TSavedChoice } from './address-combobox';
import { DeliveryTypeChoice } from './delivery-type-choice';
import { HandlingFields } from './handling-fields';
import { ImagePicker } from './image-picker';
import { PiecesFields, type TPieceDraft } from './pieces-fields';
import { RepeatThisDelivery, type useRepeatThisDelivery } from './repeat-this-delivery';
import { SaveForNextTime } from './save-for-next-time';

/** What every step of the request form is given: the form, and the error to show on a field (or none). */
interface TStepProps {
  form: UseFormReturn<TDeliveryRequestForm>;
  errorOf: (field: TOrderField) => string | undefined;
}

function ChoiceCard({
  checked,
  title,
  hint,
  value,
  field,
}: {
  checked: boolean;
  title: string;
  hint?: string;
  value: string;
  field: UseFormRegisterReturn;
}) {
  return (
    <label
      className={clsx(
        'flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors has-focus-visible:ring-2 has-focus-visible:ring-brand-200',
        checked ? 'border-brand-500 bg-brand-50/60' : 'border-slate-200 bg-white hover:border-slate-300',
      )}
    >
      <input type="radio" value={value} className="mt-0.5 accent-brand-600" {...field} />
      <span className="min-w-0">
        <span className="block text-sm font-medium text-slate-900">{title}</span>
        {hint && <span className="block text-xs text-slate-500">{hint}</span>}
      </span>
    </label>
  );
}

/** An address (or recipient name) typed or picked from the saved ones, wired to the form by its name. */
function AddressField({
  control,
  name,
  label,
  error,
  saved,
  placeholder,
  gazetteer,
  className,
}: {
  control: UseFormReturn<TDeliveryRequestForm>['control'];
  name: 'pickupAddress' | 'recipientName' | 'deliveryAddress';
  label: string;
  error: string | undefined;
  saved: TSavedChoice[];
  placeholder?: string;
  gazetteer?: false;
  className?: string;
}) {
  return (
    <Field id={name} label={label} marker="required" error={error} className={className}>
      {(aria) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <AddressCombobox
              id={name}
              gazetteer={gazetteer}
              saved={saved}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              placeholder={placeholder}
              invalid={aria['aria-invalid']}
              describedBy={aria['aria-describedby']}
              inputClassName={inputClass()}
            />
          )}
        />
      )}
    </Field>
  );
}

/** Step 1, Sender Information: the sender's phone and the pickup address (with the saved pickup points). */
export function SenderStep({
  form: { register, control },
  errorOf,
  pickupChoices,
  save,
  onSaveChange,
}: TStepProps & { pickupChoices: TSavedChoice[]; save: boolean; onSaveChange: (save: boolean) => void }) {
  return (
    <div className="mt-5 grid gap-5">
      <Field
        id="senderPhone"
        label="Sender phone"
        marker="required"
        error={errorOf('senderPhone')}
        hint="We call this number about the pickup."
      >
        <input id="senderPhone" type="tel" autoComplete="tel" className={inputClass()} {...register('senderPhone')} />
      </Field>
      <AddressField
        control={control}
        name="pickupAddress"
        label="Pickup address"
        error={errorOf('pickupAddress')}
        saved={pickupChoices}
        placeholder="Street, city, state"
      />
      <SaveForNextTime
        id="savePickup"
        label="Save this pickup point for next time"
        checked={save}
        onChange={(pickup) => onSaveChange(pickup)}
      />
    </div>
  );
}

/** Step 2, Recipient Information: who receives it, where, and by when. */
export function RecipientStep({
  form: { register, control },
  errorOf,
  recipientChoices,
  save,
  onSaveChange,
}: TStepProps & { recipientChoices: TSavedChoice[]; save: boolean; onSaveChange: (save: boolean) => void }) {
  const minDateTime = toDateTimeLocal(new Date());
  return (
    <div className="mt-5 grid gap-5 sm:grid-cols-2">
      <AddressField
        control={control}
        name="recipientName"
        label="Recipient name"
        error={errorOf('recipientName')}
        saved={recipientChoices}
        gazetteer={false}
        className="sm:col-span-2"
      />
      <Field id="recipientPhone" label="Recipient phone" marker="required" error={errorOf('recipientPhone')}>
        <input id="recipientPhone" type="tel" className={inputClass()} {...register('recipientPhone')} />
      </Field>
      <Field id="recipientEmail" label="Recipient e-mail" marker="required" error={errorOf('recipientEmail')}>
        <input id="recipientEmail" type="email" className={inputClass()} {...register('recipientEmail')} />
      </Field>
      <AddressField
        control={control}
        name="deliveryAddress"
        label="Delivery address"
        error={errorOf('deliveryAddress')}
        saved={recipientChoices}
        placeholder="Street, city, state"
        className="sm:col-span-2"
      />
      <Field id="requiredBy" label="Required by (date and time)" marker="required" error={errorOf('requiredBy')} className="sm:col-span-2">
        <input
          id="requiredBy"
          type="datetime-local"
          min={minDateTime}
          className={clsx(inputClass(), 'sm:max-w-xs')}
          {...register('requiredBy')}
        />
      </Field>
      <SaveForNextTime
        id="saveRecipient"
        label="Save this recipient for next time"
        checked={save}
        onChange={(recipient) => onSaveChange(recipient)}
        className="sm:col-span-2"
      />
    </div>
  );
}

/** Step 3, Package Details: type, size, service level, handling, instructions, an image and the repeat choice. */
export function PackageStep({
  form: { register, watch, setValue },
  errorOf,
  image,
  onImageChange,
  repeat,
  pieces,
  onPiecesChange,
}: TStepProps & {
  image: File | null;
  onImageChange: (image: File | null) => void;
  pieces: TPieceDraft[];
  onPiecesChange: (pieces: TPieceDraft[]) => void;
  repeat: ReturnType<typeof useRepeatThisDelivery>;
}) {
  const values = watch();
  return (
    <div className="mt-5 grid gap-6">
      <Field id="packageType" label="Package type" marker="required" error={errorOf('packageType')}>
        <select id="packageType" className={clsx(inputClass(), 'sm:max-w-xs')} {...register('packageType')}>
          {PACKAGE_TYPES.map((t) => (
            <option key={t} value={t}>
              {packageTypeLabel(t)}
            </option>
          ))}
        </select>
      </Field>

      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-700">
          Package size
          <span aria-hidden="true" className="ml-0.5 text-red-600">
            *
          </span>
        </legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {PACKAGE_SIZES.map((size) => {
            const [title, hint] = packageSizeLabel(size).split(/\s*\((.*)\)/);
            return (
              <ChoiceCard
                key={size}
                checked={values.packageSize === size}
                title={title}
                hint={hint}
                value={size}
                field={register('packageSize')}
              />
            );
          })}
        </div>
      </fieldset>

      <DeliveryTypeChoice
        selected={values.deliveryType}
        requiredBy={values.requiredBy}
        priority={values.priority === 'stat' ? 'stat' : 'routine'}
        field={register('deliveryType')}
        priceInputs={{
          pickupAddress: values.pickupAddress,
          deliveryAddress: values.deliveryAddress,
          packageType: values.packageType as TQuotePriceInputs['packageType'],
          packageSize: values.packageSize as TQuotePriceInputs['packageSize'],
          temperature: (values.temperature || undefined) as TQuotePriceInputs['temperature'],
          controlledSubstance: (values.packageType === 'MEDICATION' && values.controlledSubstance === 'true') || undefined,
        }}
      />

      <Field id="reference" label="Reference (PO or cost centre)" marker="optional" error={errorOf('reference')}>
        <input id="reference" maxLength={REFERENCE_MAX} className={clsx(inputClass(), 'sm:max-w-xs')} {...register('reference')} />
      </Field>

      <HandlingFields
        values={values}
        register={register}
        onChange={(field, value) => setValue(field, value, { shouldDirty: true })}
        errorOf={errorOf}
      />

      <PiecesFields pieces={pieces} onChange={onPiecesChange} />

      <Field id="specialInstructions" label="Special instructions" marker="optional">
        <textarea
          id="specialInstructions"
          rows={3}
          maxLength={1000}
          placeholder="e.g. Keep refrigerated (2-8 °C). Hand to the pharmacist on duty."
          className={clsx(inputClass(), 'h-auto py-2')}
          {...register('specialInstructions')}
        />
      </Field>

      <div>
        <p className="mb-1.5 text-sm font-medium text-slate-700">
          Package image <span className="font-normal text-slate-500">(optional)</span>
        </p>
        <ImagePicker file={image} onChange={onImageChange} />
      </div>

      <RepeatThisDelivery
        choice={repeat.choice}
        onChange={repeat.setChoice}
        problem={repeat.problem}
        specimen={values.packageType === 'SPECIMEN'}
      />
    </div>
  );
}
