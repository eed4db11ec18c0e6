import { zodResolver } from '@hookform/resolvers/zod';
import {
  RECEIPT_COMMENT_MAX,
  REJECTION_REASON_LABELS,
  REJECTION_REASONS,
  SPECIMEN_CATEGORY_LABELS,
  TEMPERATURE_LABELS,
  type TReceiptStatus,
  type TReceiptRequest,
  type TRejectionReason,
  ZReceiptRequest,
} from '@courier/contract';
import clsx from 'clsx';
import { CircleAlert, CircleCheckBig, ClipboardCheck, LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { Field } from '@/components/ui/form-controls';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format-date';
import { TemperatureTrace } from '@/domain/deliveries/components/temperature-trace';
import { useReceiptPage, useSubmitReceipt } from '../api/receipt';
import { LabDoor } from '../components/lab-door';

const field =
  'block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none aria-invalid:border-red-400';

/**
 * The contract's receipt, checked before it is sent. Each field fails one way on this page (left unchosen or
 * empty), so each shows the page's own words rather than the API's.
 */
const PAGE_MESSAGES = {
  status: 'Choose received in good condition or rejected',
  reason: 'Choose why it is rejected',
  receivedBy: 'Enter your name',
  comment: 'Say what was wrong: a comment is needed with Other',
} as const;

/** /receive/{token}: the receiving lab confirms receipt, once (the time is recorded, as CLIA asks). */
export function ReceiptPage() {
  const { token = '' } = useParams();
  const page = useReceiptPage(token);
  const submit = useSubmitReceipt(token);
  const form = useForm<TReceiptRequest>({ resolver: zodResolver(ZReceiptRequest), defaultValues: { receivedBy: '' } });
  const shown = (name: keyof typeof PAGE_MESSAGES) => (form.formState.errors[name] ? PAGE_MESSAGES[name] : undefined);
  const errors = { status: shown('status'), reason: shown('reason'), receivedBy: shown('receivedBy'), comment: shown('comment') };
  const [formError, setFormError] = useState<string | null>(null);
  const status: TReceiptStatus | undefined = form.watch('status');
  const id = useId();

  const onSubmit = form.handleSubmit(async ({ status, reason, receivedBy, comment }) => {
    setFormError(null);
    try {
      await submit.mutateAsync({
        status,
        receivedBy,
        ...(status === 'rejected' && reason ? { reason } : {}),
        ...(comment ? { comment } : {}),
      });
    } catch (error) {
      setFormError(errorMessage(error, 'The receipt could not be recorded. Please try again.'));
    }
  });

  let body: React.ReactNode;
  if (page.isPending) body = <Spinner />;
  else if (!page.data) {
    const message =
      isApiError(page.error) && page.error.status === 404
        ? errorMessage(page.error, 'This receipt link is not valid')
        : 'The receipt could not be loaded.';
    body = (
      <p role="alert" className="mt-6 flex items-start gap-2 rounded-xl bg-red-50 p-4 font-medium text-red-700 ring-1 ring-red-200">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        {message}
      </p>
    );
  } else {
    const d = page.data.data;
    body = (
      <>
        <dl className="mt-5 grid grid-cols-2 gap-3 rounded-xl bg-slate-50 p-4 text-sm ring-1 ring-slate-200">
          <div>
            <dt className="text-xs text-slate-500">Tracking number</dt>
            <dd className="font-mono font-semibold text-slate-900">{d.orderId}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Delivered</dt>
            <dd className="text-slate-900">{d.deliveredAt ? formatDateTime(d.deliveredAt) : '—'}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Temperature</dt>
            <dd className="text-slate-900">{TEMPERATURE_LABELS[d.temperature]}</dd>
          </div>
          {d.specimenCategory && (
            <div>
              <dt className="text-xs text-slate-500">Specimen</dt>
              <dd className="text-slate-900">{SPECIMEN_CATEGORY_LABELS[d.specimenCategory]}</dd>
            </div>
          )}
        </dl>
        {d.temperature !== 'ambient' && (
          <div className="mt-5 rounded-xl bg-white p-4 ring-1 ring-slate-200">
            <TemperatureTrace source={{ receiptToken: token }} title="Temperature on the way" />
          </div>
        )}
        {d.receipt ? (
          <p
            role="status"
            className={clsx(
              'mt-6 flex items-start gap-2 rounded-xl p-4 font-medium ring-1',
              d.receipt.status === 'accepted' ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-red-50 text-red-800 ring-red-200',
            )}
          >
            <CircleCheckBig aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <span>
              {d.receipt.status === 'accepted'
                ? 'Received in good condition'
                : `Rejected: ${REJECTION_REASON_LABELS[(d.receipt.reason ?? 'other') as TRejectionReason]}`}{' '}
              by {d.receipt.receivedBy}, recorded {formatDateTime(d.receipt.receivedAt)}. Thank you.
              {d.receipt.comment && <span className="mt-1 block font-normal">Comment: {d.receipt.comment}</span>}
            </span>
          </p>
        ) : (
          <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5">
            <fieldset aria-describedby={errors.status ? `${id}-status-error` : undefined}>
              <legend className="mb-2 text-sm font-medium text-slate-700">Condition on arrival</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {(['accepted', 'rejected'] as const).map((s) => (
                  <label
                    key={s}
                    className={clsx(
                      'flex cursor-pointer items-center gap-3 rounded-lg border p-3 text-sm font-semibold',
                      status === s
                        ? s === 'accepted'
                          ? 'border-emerald-500 bg-emerald-50'
                          : 'border-red-500 bg-red-50'
                        : 'border-slate-200 bg-white',
                    )}
                  >
                    <input type="radio" value={s} className="accent-brand-600" {...form.register('status')} />
                    {s === 'accepted' ? 'Received in good condition' : 'Rejected'}
                  </label>
                ))}
              </div>
              {errors.status && (
                <p id={`${id}-status-error`} className="mt-1 text-xs text-red-600">
                  {errors.status}
                </p>
              )}
            </fieldset>
            {status === 'rejected' && (
              <Field id={`${id}-reason`} label="Reason" error={errors.reason}>
                <select id={`${id}-reason`} className={field} {...form.register('reason', { setValueAs: (value) => value || undefined })}>
                  <option value="">Choose…</option>
                  {REJECTION_REASONS.map((r) => (
                    <option key={r} value={r}>
                      {REJECTION_REASON_LABELS[r]}
                    </option>
                  ))}
                </select>
              </Field>
            )}
            <Field
              id={`${id}-comment`}
              label={form.watch('reason') === 'other' && status === 'rejected' ? 'Comment' : 'Comment (optional)'}
              error={errors.comment}
            >
              <textarea
                id={`${id}-comment`}
                rows={3}
                maxLength={RECEIPT_COMMENT_MAX}
                className={clsx(field, 'h-auto py-2')}
                {...form.register('comment', { setValueAs: (value) => value || undefined })}
              />
            </Field>
            <Field id={`${id}-name`} label="Your name" error={errors.receivedBy}>
              <input id={`${id}-name`} autoComplete="name" maxLength={120} className={field} {...form.register('receivedBy')} />
            </Field>
            {formError && (
              <p role="alert" className="text-sm font-medium text-red-700">
                {formError}
              </p>
            )}
            <button type="submit" className={buttonClass({ className: 'w-full sm:w-auto' })} disabled={submit.isPending}>
              {submit.isPending ? (
                <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
              ) : (
                <ClipboardCheck aria-hidden="true" className="size-4" />
              )}
              Confirm receipt
            </button>
            <p className="text-xs text-slate-500">The time of receipt is recorded when you confirm. This link works once.</p>
          </form>
        )}
      </>
    );
  }

  const manifest = page.data?.data.manifest;
  // A manifest of one piece (one parcel, one bag) keeps today's one-parcel form; several are reconciled piece by piece.
  if (manifest && manifest.pieces.length > 1 && !page.data?.data.receipt?.status) body = <LabDoor token={token} manifest={manifest} />;
  else if (manifest?.reconciled && manifest.pieces.length > 1) body = <LabDoor token={token} manifest={manifest} />;

  return (
    <section className="mx-auto w-full max-w-xl px-4 py-10">
      <title>Confirm receipt · MedCourier</title>
      <h1 className="text-2xl font-bold text-slate-900">Confirm receipt</h1>
      <p className="mt-1 text-sm text-slate-600">Tell us how the parcel arrived. The sender and our dispatch team see your answer.</p>
      {body}
    </section>
  );
}
