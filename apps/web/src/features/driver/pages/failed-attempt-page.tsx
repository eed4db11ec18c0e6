import { ATTEMPT_NOTE_MAX, ATTEMPT_REASON_LABELS, ATTEMPT_REASONS, OTHER_NEEDS_NOTE, type TAttemptReason } from '@courier/contract';
import clsx from 'clsx';
import { LoaderCircle, TriangleAlert } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Navigate, useNavigate, useParams } from 'react-router';
import { Field, inputClass } from '@/components/ui/form-controls';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { toast } from '@/lib/toast';
import { BackLink } from '../components/back-to-jobs';
import { PhotoField } from '../components/photo-field';
import { currentCoords } from '../lib/current-coords';
import { newMoveKey } from '../lib/outbox-store';
import { shrinkPhoto } from '../lib/shrink-photo';
import { useJobView } from '../lib/use-job';
import { useQueueMove } from '../lib/use-outbox';

/** What the driver reads under each reason: the large choices name the situation, not a code. */
const HINTS: Record<TAttemptReason, string> = {
  recipient_absent: 'Nobody there to receive it',
  refused: 'The recipient would not take it',
  wrong_address: 'The address does not exist or is not theirs',
  access_denied: 'Locked gate, no buzzer, no way in',
  damaged: 'The parcel is damaged',
  unsafe_location: 'Not safe to leave or wait',
  other: 'Say what happened in the note',
};

/**
 * Why the drop failed (one of the contract's reasons) and a note, which the reason other needs (the
 * contract's rule and words).
 */
const ZAttemptForm = z
  .object({
    reason: z.enum(ATTEMPT_REASONS, { error: 'Choose why the drop failed' }),
    note: z.string().max(ATTEMPT_NOTE_MAX),
  })
  .superRefine((form, ctx) => {
    if (form.reason === 'other' && !form.note.trim()) ctx.addIssue({ code: 'custom', path: ['note'], message: OTHER_NEEDS_NOTE });
  });
type TAttemptForm = z.infer<typeof ZAttemptForm>;

/**
 * /driver/jobs/{id}/could-not-deliver: why the drop failed (large choices), a note and an optional photo.
 * Queued like every other step, so it works offline; the photo follows the attempt in the same queue.
 */
export function FailedAttemptPage() {
  const { id = '' } = useParams();
  const { view, isPending } = useJobView(id);
  const navigate = useNavigate();
  const queueMove = useQueueMove();
  const formId = useId();
  const [photo, setPhoto] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const {
    register,
    watch,
    handleSubmit,
    clearErrors,
    formState: { errors: formErrors },
  } = useForm<z.input<typeof ZAttemptForm>, unknown, TAttemptForm>({
    resolver: zodResolver(ZAttemptForm),
    // A message shows until its field is edited, then waits for the next submit (as the checks always did).
    reValidateMode: 'onSubmit',
    defaultValues: { note: '' },
  });
  const reason = watch('reason');
  const errors = { reason: formErrors.reason?.message, note: formErrors.note?.message };

  if (isPending) return <PageSpinner />;
  if (view?.status !== 'in_transit') return <Navigate to={view ? paths.driverJob(id) : paths.driverHome} replace />;
  const { job } = view;

  const submit = async ({ reason, note }: TAttemptForm) => {
    const trimmed = note.trim();
    setBusy(true);
    const [location, photoBlob] = await Promise.all([currentCoords(2_500), photo ? shrinkPhoto(photo) : Promise.resolve(null)]);
    const base = { deliveryId: job._id, orderId: job.orderId, queuedAt: new Date().toISOString() };
    const outcome = await queueMove({
      kind: 'status',
      key: newMoveKey(),
      ...base,
      body: { status: 'failed_attempt', reason, ...(trimmed ? { note: trimmed } : {}), ...(location ? { location } : {}) },
    });
    if (photoBlob && outcome !== 'refused') await queueMove({ kind: 'attempt-photo', key: newMoveKey(), ...base, photo: photoBlob });
    setBusy(false);
    if (outcome === 'refused') return;
    toast[outcome === 'sent' ? 'success' : 'info'](
      outcome === 'sent'
        ? `#${job.orderId}: attempt recorded. Keep the parcel on board; dispatch will decide the next step.`
        : 'Attempt saved on this phone; it will be sent when the network returns.',
    );
    navigate(paths.driverJob(job._id), { replace: true });
  };

  const reasonError = errors.reason;
  return (
    <section className="mx-auto w-full max-w-xl px-4 pt-2 pb-10">
      <title>{`Could not deliver #${job.orderId} · MedCourier`}</title>
      <BackLink to={paths.driverJob(job._id)} label={`Job #${job.orderId}`} />
      <h1 className="mt-1 text-2xl font-bold text-slate-900">Could not deliver</h1>
      <p className="mt-1 text-sm text-slate-600">
        #{job.orderId} to {job.deliveryAddress}. The parcel stays with you until dispatch decides.
      </p>

      <form id={formId} noValidate className="mt-5 space-y-5" onSubmit={handleSubmit((fields) => void submit(fields))}>
        <fieldset aria-describedby={reasonError ? `${formId}-reason-error` : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-700">What happened?</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {ATTEMPT_REASONS.map((r) => (
              <label
                key={r}
                className={clsx(
                  'flex min-h-16 cursor-pointer items-start gap-3 rounded-2xl border-2 bg-white p-3 active:bg-slate-50',
                  reason === r ? 'border-brand-600 bg-brand-50' : 'border-slate-200',
                )}
              >
                <input
                  type="radio"
                  value={r}
                  {...register('reason', { onChange: () => clearErrors('reason') })}
                  className="mt-1 size-5 accent-brand-600"
                />
                <span>
                  <span className="block text-base font-semibold text-slate-900">{ATTEMPT_REASON_LABELS[r]}</span>
                  <span className="block text-sm text-slate-600">{HINTS[r]}</span>
                </span>
              </label>
            ))}
          </div>
          {reasonError && (
            <p id={`${formId}-reason-error`} role="alert" className="mt-2 text-sm font-medium text-red-700">
              {reasonError}
            </p>
          )}
        </fieldset>

        <Field id={`${formId}-note`} label={reason === 'other' ? 'Note (required)' : 'Note (optional)'} error={errors.note}>
          <textarea
            id={`${formId}-note`}
            rows={3}
            maxLength={ATTEMPT_NOTE_MAX}
            {...register('note', { onChange: () => clearErrors('note') })}
            className={inputClass({ invalid: !!errors.note, className: 'h-auto py-2' })}
          />
        </Field>

        <PhotoField label="Photo (optional)" alt="The drop-off" photo={photo} onPick={setPhoto} onRemove={() => setPhoto(null)} />

        <button
          type="submit"
          disabled={busy}
          className="flex h-16 w-full items-center justify-center gap-3 rounded-2xl bg-red-700 px-5 text-lg font-bold text-white shadow-lg active:bg-red-800 disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
        >
          {busy ? (
            <LoaderCircle aria-hidden="true" className="size-6 animate-spin" />
          ) : (
            <TriangleAlert aria-hidden="true" className="size-6" />
          )}
          Record failed attempt
        </button>
      </form>
    </section>
  );
}
