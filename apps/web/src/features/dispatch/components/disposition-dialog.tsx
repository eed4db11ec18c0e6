import {
  DISPOSITION_ACTIONS,
  DISPOSITION_LABELS,
  note as noteText,
  type TAdminDelivery,
  type TDispositionAction,
  type TDispositionRequest,
  ZDispositionRequest,
} from '@courier/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { OctagonAlert } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from '@/lib/toast';
import { Field, inputClass } from '@/components/ui/form-controls';
import { FormDialog } from '@/components/ui/modal';
import { errorMessage } from '@/lib/error-message';
import { useRecordDisposition } from '../api/record-disposition';
import { formatDateTime } from '@/lib/format-date';

const HINTS: Record<TDispositionAction, string> = {
  continue: 'The parcel is fit to deliver: lift the hold and let the driver hand it over.',
  return: 'Send it back to the sender: the driver drives it to the pickup address.',
  discard: 'The parcel is not usable: the trip ends as cancelled, with your note as the reason.',
};

/** The contract's request, with the dialog's own words for a missing note. */
const ZDispositionForm = ZDispositionRequest.extend({ note: noteText('note', 500).min(1, 'Write what you decided and why') });
type TDispositionForm = z.input<typeof ZDispositionForm>;
const blank: TDispositionForm = { action: 'continue', note: '' };

/** What STAFF see instead of the disposition button: MANAGER and above record it (DISPOSITION_ROLES). */
export const MANAGER_DECIDES = 'A manager records the disposition';

/** A manager decides what happens to a parcel on hold: continue, return or discard, with a note. */
export function DispositionDialog({
  delivery,
  open,
  onClose,
}: {
  delivery: Pick<TAdminDelivery, '_id' | 'orderId' | 'temperatureReadings'>;
  open: boolean;
  onClose: () => void;
}) {
  const formId = useId();
  const noteId = useId();
  const record = useRecordDisposition();
  const { register, handleSubmit, reset, setError, clearErrors, formState } = useForm<TDispositionForm, unknown, TDispositionRequest>({
    resolver: zodResolver(ZDispositionForm),
    // A message shows until the note is edited, then waits for the next submit (as the check always did).
    reValidateMode: 'onSubmit',
    defaultValues: blank,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time the dialog opens
  useEffect(() => {
    if (open) reset(blank);
  }, [open]);
  const error = formState.errors.note?.message;
  const worst = delivery.temperatureReadings.filter((r) => !r.inRange).at(-1);

  const submit = (body: TDispositionRequest) =>
    record.mutate(
      { id: delivery._id, body },
      {
        onSuccess: (answer) => {
          toast.success(`#${delivery.orderId}: ${answer.message}`);
          onClose();
        },
        onError: (err) => setError('note', { message: errorMessage(err, 'The disposition could not be recorded') }),
      },
    );

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      tone="danger"
      icon={<OctagonAlert aria-hidden="true" className="size-6" />}
      title={`Disposition for #${delivery.orderId}`}
      formId={formId}
      cancelLabel="Not now"
      submitLabel="Record disposition"
      busy={record.isPending}
    >
      <form id={formId} noValidate onSubmit={handleSubmit(submit)} className="space-y-3">
        {worst && (
          <p className="text-sm">
            Out of range: <strong>{worst.celsius.toFixed(1)} °C</strong> at {formatDateTime(worst.at)}.
          </p>
        )}
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-700">Decision</legend>
          <div className="space-y-2">
            {DISPOSITION_ACTIONS.map((a) => (
              <label
                key={a}
                className="flex items-start gap-3 rounded-lg border border-slate-200 p-2.5 has-checked:border-brand-500 has-checked:bg-brand-50/60"
              >
                <input type="radio" value={a} {...register('action')} className="mt-1 accent-brand-600" />
                <span>
                  <span className="block text-sm font-semibold text-slate-900">{DISPOSITION_LABELS[a]}</span>
                  <span className="block text-xs text-slate-600">{HINTS[a]}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <Field id={noteId} label="Note" error={error}>
          <textarea
            id={noteId}
            data-autofocus
            rows={3}
            maxLength={500}
            {...register('note', { onChange: () => clearErrors('note') })}
            className={inputClass({ invalid: !!error, className: 'h-auto py-2' })}
          />
        </Field>
      </form>
    </FormDialog>
  );
}
