import { MESSAGES, PACKAGE_SIZES, PACKAGE_TYPES, TIMINGS, packageSizeLabel, packageTypeLabel } from '@courier/contract';
import clsx from 'clsx';
import { AlertCircle, ArrowLeft, ArrowRight, CircleCheckBig, Send } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Controller, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/hooks/use-app-config';
import { useSavedAddresses } from '@/lib/saved-addresses/get-saved-addresses';
import { saveAddress } from '@/lib/saved-addresses/save-address';
import { useSession } from '@/lib/session';
import { type TDeliveryRequestForm, useCreateDelivery } from '../api/create-delivery';
import { useDelivery } from '../api/get-delivery';
import { AddressCombobox, type TSavedChoice } from '../components/address-combobox';
import { DeliveryTypeChoice } from '../components/delivery-type-choice';
import { outsideServiceArea } from '../lib/service-area';
import { SaveForNextTime } from '../components/save-for-next-time';
import { bookAgainForm, entriesToSave } from '../lib/book-again';
import { FormField, inputClass } from '../components/form-field';
import { HandlingFields } from '../components/handling-fields';
import { ImagePicker } from '../components/image-picker';
import { RepeatThisDelivery, useRepeatThisDelivery } from '../components/repeat-this-delivery';
import { WizardSteps } from '../components/wizard-steps';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { toDateTimeLocal } from '@/lib/delivery-format';
import { checkStep, formFieldOf, initialOrderForm, ORDER_STEPS, stepOfField, type TOrderField, type TOrderStep } from '../lib/order-form';

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

/** /order-delivery: the three-step request (sender, recipient, package) ending in Submit Request. */
export function OrderDeliveryPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [step, setStep] = useState<TOrderStep>(1);
  const [attempted, setAttempted] = useState<Partial<Record<TOrderStep, boolean>>>({});
  const [image, setImage] = useState<File | null>(null);
  const [submitted, setSubmitted] = useState<{ orderId?: string; warning?: string } | null>(null);
  const create = useCreateDelivery();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { register, control, watch, getValues, reset, setValue } = useForm<TDeliveryRequestForm>({ defaultValues: initialOrderForm(user) });
  const values = watch();
  /** A field the server refused (400 naming it), shown on it until its value changes. */
  const [serverError, setServerError] = useState<{ field: TOrderField; message: string; value: string } | null>(null);
  const [saveFor, setSaveFor] = useState({ pickup: false, recipient: false });
  const { data: saved = [] } = useSavedAddresses();
  const repeat = useRepeatThisDelivery();
  const serviceAreaStates = useAppConfig().data?.serviceAreaStates ?? [];

  // 'Book again' links here with ?again={id}: the form starts from that delivery, once it has loaded.
  const [search] = useSearchParams();
  const againId = search.get('again') ?? '';
  const again = useDelivery(againId, { enabled: !!againId });
  const filledFrom = useRef('');
  useEffect(() => {
    if (!again.data || filledFrom.current === again.data._id) return;
    filledFrom.current = again.data._id;
    reset(bookAgainForm(initialOrderForm(user), again.data));
  }, [again.data, reset, user]);

  const fill = (changes: Partial<TDeliveryRequestForm>) => {
    for (const [field, value] of Object.entries(changes)) setValue(field as TOrderField, value, { shouldDirty: true });
  };
  const pickupChoices: TSavedChoice[] = saved
    .filter((a) => a.kind === 'pickup')
    .map((a) => ({
      key: a._id,
      title: a.label,
      detail: a.address,
      onPick: () => fill({ pickupAddress: a.address, ...(a.phone ? { senderPhone: a.phone } : {}) }),
    }));
  const recipientChoices: TSavedChoice[] = saved
    .filter((a) => a.kind === 'recipient')
    .map((a) => ({
      key: a._id,
      title: a.label === a.contactName ? a.label : `${a.label} · ${a.contactName}`,
      detail: a.address,
      onPick: () => fill({ recipientName: a.contactName, recipientPhone: a.phone, recipientEmail: a.email, deliveryAddress: a.address }),
    }));

  // Live feedback once Next was tried on this step: problems vanish as they are fixed.
  const check = attempted[step] ? checkStep(step, values) : null;
  const errorOf = (field: TOrderField) =>
    check?.errors[field] ?? (serverError?.field === field && values[field] === serverError.value ? serverError.message : undefined);
  const invalid = (field: TOrderField) => (errorOf(field) ? true : undefined);
  const describedBy = (field: TOrderField) => (errorOf(field) ? `${field}-error` : undefined);

  useEffect(() => {
    if (!submitted) return;
    const timer = setTimeout(() => void navigate(paths.deliveries), TIMINGS.deliverySubmitRedirectMs);
    return () => clearTimeout(timer);
  }, [submitted, navigate]);

  const goTo = (next: TOrderStep) => {
    setStep(next);
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  /** Next, or Submit Request on the last step; every step must pass before sending. */
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const form = getValues();
    if (step < 3) {
      setAttempted((a) => ({ ...a, [step]: true }));
      if (!checkStep(step, form).ok) return;
      // Outside the service area is said here, on the address step, not after the whole form.
      const field = step === 1 ? 'pickupAddress' : 'deliveryAddress';
      const outside = serviceAreaStates.length ? await outsideServiceArea(field, form[field]) : null;
      if (outside) {
        setServerError({ field, message: outside, value: form[field] });
        requestAnimationFrame(() => document.getElementById(field)?.focus());
        return;
      }
      goTo((step + 1) as TOrderStep);
      return;
    }
    for (const s of [1, 2, 3] as TOrderStep[]) {
      if (!checkStep(s, form).ok) {
        setAttempted((a) => ({ ...a, [s]: true }));
        if (s !== step) goTo(s);
        return;
      }
    }
    if (repeat.problem) return;
    try {
      const response = await create.mutateAsync({ form, image });
      toast.success(MESSAGES.deliverySubmitted);
      // Booked all the same; the customer learns now that the chosen service level arrives after required-by.
      if (response.warning) toast.warning(response.warning, { autoClose: false });
      setSubmitted({ orderId: response.data?.orderId, warning: response.warning });
      const repeated = await repeat.setUp(form);
      if (repeated?.ok) toast.success('Standing order set up: see Standing Orders');
      if (repeated && !repeated.ok)
        toast.warning(`The delivery is booked, but it could not be repeated: ${repeated.message}`, { autoClose: false });
      // The delivery is booked whatever happens to the address book.
      const entries = entriesToSave(form, saveFor, saved);
      const results = await Promise.allSettled(entries.map((entry) => saveAddress(entry)));
      const failed = results.find((r) => r.status === 'rejected');
      if (failed) toast.warning(errorMessage(failed.reason, 'The address could not be saved for next time'));
    } catch (error) {
      const message = errorMessage(error, MESSAGES.deliverySubmitFailed);
      toast.error(message);
      // A refusal naming a field of an earlier step: take the user there and mark the field.
      const field = isApiError(error) && error.status === 400 ? error.field : undefined;
      const fieldStep = stepOfField(field);
      if (field && fieldStep) {
        const name = formFieldOf(field);
        setServerError({
          field: name,
          message: ((isApiError(error) && error.serverMessage) || message).replace(`${field}: `, ''),
          value: form[name],
        });
        setStep(fieldStep);
        requestAnimationFrame(() => document.getElementById(name)?.focus());
      }
    }
  };

  if (submitted) {
    return (
      <section className="mx-auto flex min-h-[60vh] w-full max-w-lg flex-col items-center justify-center px-4 py-12 text-center">
        <title>Request sent · MedCourier</title>
        <span className="flex size-16 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
          <CircleCheckBig aria-hidden="true" className="size-8" />
        </span>
        <div role="status">
          <h1 className="mt-5 text-xl font-bold text-slate-900">{MESSAGES.deliverySubmitted}</h1>
        </div>
        {submitted.orderId && (
          <p className="mt-2 text-sm text-slate-600">
            Tracking number <span className="font-mono font-semibold text-slate-900">{submitted.orderId}</span>
          </p>
        )}
        {submitted.warning && (
          <p role="alert" className="mt-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset">
            {submitted.warning}
          </p>
        )}
        <p className="mt-4 text-sm text-slate-500">Taking you to your deliveries...</p>
        <Link to={paths.deliveries} className={buttonClass({ variant: 'secondary', className: 'mt-6' })}>
          Go to My Deliveries
        </Link>
      </section>
    );
  }

  const current = ORDER_STEPS[step - 1];
  const minDateTime = toDateTimeLocal(new Date());

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 lg:py-8">
      <title>Request a Delivery · MedCourier</title>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Request a Delivery</h1>
      <p className="mt-1 text-sm text-slate-600">
        {again.data
          ? `Booking again from #${again.data.orderId}: check the details and choose a new required-by time.`
          : 'Tell us where to pick up, who receives it and what we are carrying.'}
      </p>

      <form onSubmit={onSubmit} noValidate className="mt-6 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <div className="border-b border-slate-100 px-4 py-4 sm:px-6">
          <WizardSteps step={step} />
        </div>

        <div className="px-4 py-6 sm:px-6">
          <p aria-hidden="true" className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
            Step {step} of 3
          </p>
          {/* Named in full for screen readers, which land here after Next: "Step 2 of 3: Recipient Information". */}
          <h2 ref={headingRef} tabIndex={-1} className="mt-1 text-lg font-semibold text-slate-900 focus:outline-none">
            <span className="sr-only">{`Step ${step} of 3:`}</span> {current.title}
          </h2>

          {check?.message && (
            <p
              role="alert"
              className="mt-4 flex items-center gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
            >
              <AlertCircle aria-hidden="true" className="size-4 shrink-0" />
              {check.message}
            </p>
          )}

          {step === 1 && (
            <div className="mt-5 grid gap-5">
              <FormField
                id="senderPhone"
                label="Sender phone"
                required
                error={errorOf('senderPhone')}
                hint="We call this number about the pickup."
              >
                <input
                  id="senderPhone"
                  type="tel"
                  autoComplete="tel"
                  className={inputClass}
                  aria-invalid={invalid('senderPhone')}
                  aria-describedby={describedBy('senderPhone')}
                  {...register('senderPhone')}
                />
              </FormField>
              <FormField id="pickupAddress" label="Pickup address" required error={errorOf('pickupAddress')}>
                <Controller
                  control={control}
                  name="pickupAddress"
                  render={({ field }) => (
                    <AddressCombobox
                      id="pickupAddress"
                      saved={pickupChoices}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      placeholder="Street, city, state"
                      invalid={invalid('pickupAddress')}
                      describedBy={describedBy('pickupAddress')}
                      inputClassName={inputClass}
                    />
                  )}
                />
              </FormField>
              <SaveForNextTime
                id="savePickup"
                label="Save this pickup point for next time"
                checked={saveFor.pickup}
                onChange={(pickup) => setSaveFor((s) => ({ ...s, pickup }))}
              />
            </div>
          )}

          {step === 2 && (
            <div className="mt-5 grid gap-5 sm:grid-cols-2">
              <FormField id="recipientName" label="Recipient name" required error={errorOf('recipientName')} className="sm:col-span-2">
                <Controller
                  control={control}
                  name="recipientName"
                  render={({ field }) => (
                    <AddressCombobox
                      id="recipientName"
                      gazetteer={false}
                      saved={recipientChoices}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      invalid={invalid('recipientName')}
                      describedBy={describedBy('recipientName')}
                      inputClassName={inputClass}
                    />
                  )}
                />
              </FormField>
              <FormField id="recipientPhone" label="Recipient phone" required error={errorOf('recipientPhone')}>
                <input
                  id="recipientPhone"
                  type="tel"
                  className={inputClass}
                  aria-invalid={invalid('recipientPhone')}
                  aria-describedby={describedBy('recipientPhone')}
                  {...register('recipientPhone')}
                />
              </FormField>
              <FormField id="recipientEmail" label="Recipient e-mail" required error={errorOf('recipientEmail')}>
                <input
                  id="recipientEmail"
                  type="email"
                  className={inputClass}
                  aria-invalid={invalid('recipientEmail')}
                  aria-describedby={describedBy('recipientEmail')}
                  {...register('recipientEmail')}
                />
              </FormField>
              <FormField
                id="deliveryAddress"
                label="Delivery address"
                required
                error={errorOf('deliveryAddress')}
                className="sm:col-span-2"
              >
                <Controller
                  control={control}
                  name="deliveryAddress"
                  render={({ field }) => (
                    <AddressCombobox
                      id="deliveryAddress"
                      saved={recipientChoices}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      placeholder="Street, city, state"
                      invalid={invalid('deliveryAddress')}
                      describedBy={describedBy('deliveryAddress')}
                      inputClassName={inputClass}
                    />
                  )}
                />
              </FormField>
              <FormField
                id="requiredBy"
                label="Required by (date and time)"
                required
                error={errorOf('requiredBy')}
                className="sm:col-span-2"
              >
                <input
                  id="requiredBy"
                  type="datetime-local"
                  min={minDateTime}
                  className={clsx(inputClass, 'sm:max-w-xs')}
                  aria-invalid={invalid('requiredBy')}
                  aria-describedby={describedBy('requiredBy')}
                  {...register('requiredBy')}
                />
              </FormField>
              <SaveForNextTime
                id="saveRecipient"
                label="Save this recipient for next time"
                checked={saveFor.recipient}
                onChange={(recipient) => setSaveFor((s) => ({ ...s, recipient }))}
                className="sm:col-span-2"
              />
            </div>
          )}

          {step === 3 && (
            <div className="mt-5 grid gap-6">
              <FormField id="packageType" label="Package type" required error={errorOf('packageType')}>
                <select id="packageType" className={clsx(inputClass, 'sm:max-w-xs')} {...register('packageType')}>
                  {PACKAGE_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {packageTypeLabel(t)}
                    </option>
                  ))}
                </select>
              </FormField>

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

              <DeliveryTypeChoice selected={values.deliveryType} requiredBy={values.requiredBy} field={register('deliveryType')} />

              <HandlingFields
                values={values}
                register={register}
                onChange={(field, value) => setValue(field, value, { shouldDirty: true })}
                errorOf={errorOf}
              />

              <FormField id="specialInstructions" label="Special instructions">
                <textarea
                  id="specialInstructions"
                  rows={3}
                  maxLength={1000}
                  placeholder="e.g. Keep refrigerated (2-8 °C). Hand to the pharmacist on duty."
                  className={clsx(inputClass, 'h-auto py-2')}
                  {...register('specialInstructions')}
                />
              </FormField>

              <div>
                <p className="mb-1.5 text-sm font-medium text-slate-700">
                  Package image <span className="font-normal text-slate-500">(optional)</span>
                </p>
                <ImagePicker file={image} onChange={setImage} />
              </div>

              <RepeatThisDelivery
                choice={repeat.choice}
                onChange={repeat.setChoice}
                problem={repeat.problem}
                specimen={values.packageType === 'SPECIMEN'}
              />
            </div>
          )}
        </div>

        <div className="flex items-center justify-between gap-3 border-t border-slate-100 bg-slate-50 px-4 py-4 sm:px-6">
          {step > 1 ? (
            <button type="button" onClick={() => goTo((step - 1) as TOrderStep)} className={buttonClass({ variant: 'ghost' })}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              Previous
            </button>
          ) : (
            <span />
          )}
          {step < 3 ? (
            <button type="submit" className={buttonClass()}>
              Next
              <ArrowRight aria-hidden="true" className="size-4" />
            </button>
          ) : (
            <button type="submit" disabled={create.isPending} className={buttonClass()}>
              <Send aria-hidden="true" className="size-4" />
              {create.isPending ? 'Processing...' : 'Submit Request'}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
