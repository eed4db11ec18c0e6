import { MESSAGES, TIMINGS } from '@courier/contract';
import { AlertCircle, ArrowLeft, ArrowRight, CircleCheckBig, Send } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/hooks/use-app-config';
import { useSavedAddresses } from '@/domain/addresses/api/get-saved-addresses';
import { saveAddress } from '@/domain/addresses/api/save-address';
import { useSession } from '@/lib/session';
import { type TDeliveryRequestForm, useCreateDelivery } from '../api/create-delivery';
import { ONE_PIECE, piecesPayload, type TPieceDraft } from '../components/pieces-fields';
import { useDelivery } from '../api/get-delivery';
import type { TSavedChoice } from '../components/address-combobox';
import { outsideServiceArea } from '../lib/service-area';
import { bookAgainForm, entriesToSave } from '../lib/book-again';
import { useRepeatThisDelivery } from '../components/repeat-this-delivery';
import { WizardSteps } from '../components/wizard-steps';
import { PackageStep, RecipientStep, SenderStep } from '../components/order-steps';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { checkStep, formFieldOf, initialOrderForm, ORDER_STEPS, stepOfField, type TOrderField, type TOrderStep } from '../lib/order-form';

/** /order-delivery: the three-step request (sender, recipient, package) ending in Submit Request. */
export function OrderDeliveryPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [step, setStep] = useState<TOrderStep>(1);
  const [attempted, setAttempted] = useState<Partial<Record<TOrderStep, boolean>>>({});
  const [image, setImage] = useState<File | null>(null);
  const [pieces, setPieces] = useState<TPieceDraft[]>(ONE_PIECE);
  const [submitted, setSubmitted] = useState<{ orderId?: string; warning?: string } | null>(null);
  const create = useCreateDelivery();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const form = useForm<TDeliveryRequestForm>({ defaultValues: initialOrderForm(user) });
  const { watch, getValues, reset, setValue } = form;
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
      const response = await create.mutateAsync({ form, image, pieces: piecesPayload(pieces) });
      toast.success(MESSAGES.deliverySubmitted);
      // Booked all the same; the customer learns now that the chosen service level arrives after required-by, or
      // (an object with the code CREDIT_LIMIT) that it takes the account past its credit limit: said, never silently.
      const warning = typeof response.warning === 'string' ? response.warning : response.warning?.message;
      if (warning) toast.warning(warning, { autoClose: false });
      setSubmitted({ orderId: response.data?.orderId, warning });
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
            <SenderStep
              form={form}
              errorOf={errorOf}
              pickupChoices={pickupChoices}
              save={saveFor.pickup}
              onSaveChange={(pickup) => setSaveFor((s) => ({ ...s, pickup }))}
            />
          )}
          {step === 2 && (
            <RecipientStep
              form={form}
              errorOf={errorOf}
              recipientChoices={recipientChoices}
              save={saveFor.recipient}
              onSaveChange={(recipient) => setSaveFor((s) => ({ ...s, recipient }))}
            />
          )}
          {step === 3 && (
            <PackageStep
              form={form}
              errorOf={errorOf}
              image={image}
              onImageChange={setImage}
              repeat={repeat}
              pieces={pieces}
              onPiecesChange={setPieces}
            />
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
