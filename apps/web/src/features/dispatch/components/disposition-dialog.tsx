import { DISPOSITION_ACTIONS, DISPOSITION_LABELS, type TAdminDelivery, type TDispositionAction } from '@courier/contract';
import { OctagonAlert } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from '@/lib/toast';
import { Field, inputClass } from '@/components/ui/form-controls';
import { FormDialog } from '@/components/ui/modal';
import { errorMessage } from '@/lib/error-message';
import { useRecordDisposition } from '../api/record-disposition';

const HINTS: Record<TDispositionAction, string> = {
  continue: 'The parcel is fit to deliver: lift the hold and let the driver hand it over.',
  return: 'Send it back to the sender: the driver drives it to the pickup address.',
  discard: 'The parcel is not usable: the trip ends as cancelled, with your note as the reason.',
};

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
  const [action, setAction] = useState<TDispositionAction>('continue');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const record = useRecordDisposition();
  useEffect(() => {
    if (open) {
      setAction('continue');
      setNote('');
      setError('');
    }
  }, [open]);
  const worst = delivery.temperatureReadings.filter((r) => !r.inRange).at(-1);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!note.trim()) return setError('Write what you decided and why');
    record.mutate(
      { id: delivery._id, body: { action, note: note.trim() } },
      {
        onSuccess: (body) => {
          toast.success(`#${delivery.orderId}: ${body.message}`);
          onClose();
        },
        onError: (err) => setError(errorMessage(err, 'The disposition could not be recorded')),
      },
    );
  };

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
      <form id={formId} noValidate onSubmit={submit} className="space-y-3">
        {worst && (
          <p className="text-sm">
            Out of range: <strong>{worst.celsius.toFixed(1)} °C</strong> at {new Date(worst.at).toLocaleString('en-US')}.
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
                <input
                  type="radio"
                  name={`${formId}-action`}
                  value={a}
                  checked={action === a}
                  onChange={() => setAction(a)}
                  className="mt-1 accent-brand-600"
                />
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
            value={note}
            onChange={(e) => {
              setNote(e.target.value);
              setError('');
            }}
            className={inputClass({ invalid: !!error, className: 'h-auto py-2' })}
          />
        </Field>
      </form>
    </FormDialog>
  );
}
