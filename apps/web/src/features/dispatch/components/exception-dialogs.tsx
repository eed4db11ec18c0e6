import { zodResolver } from '@hookform/resolvers/zod';
import { ATTEMPT_NOTE_MAX, type TAdminDriver, type TReturnRequest, ZReturnRequest } from '@courier/contract';
import clsx from 'clsx';
import { CalendarClock, Undo2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Field, inputClass } from '@/components/ui/form-controls';
import { FormDialog } from '@/components/ui/modal';
import { useAdminDrivers } from '../api/get-admin-drivers';

/** A datetime-local value (the browser's zone) for an instant. */
const localInput = (at: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
};
const inHours = (h: number) => {
  const at = new Date(Date.now() + h * 3_600_000);
  at.setMinutes(at.getMinutes() < 30 ? 30 : 60, 0, 0);
  return at;
};

export interface TReattemptChoice {
  driverId?: string;
  window: { from: string; to: string };
  note?: string;
}

/** Another attempt: the same driver (the parcel is on board) or another one who collects it, in a new window. */
export function ReattemptDialog({
  open,
  orderId,
  currentDriverId,
  busy,
  onClose,
  onReattempt,
}: {
  open: boolean;
  orderId: string;
  currentDriverId?: string | null;
  busy: boolean;
  onClose: () => void;
  onReattempt: (choice: TReattemptChoice) => void;
}) {
  const formId = useId();
  const drivers = useAdminDrivers(open);
  const [driverId, setDriverId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    if (!open) return;
    setDriverId(currentDriverId ?? '');
    setFrom(localInput(inHours(1)));
    setTo(localInput(inHours(3)));
    setNote('');
    setError('');
  }, [open, currentDriverId]);
  const others: TAdminDriver[] = (drivers.data ?? [])
    .filter((d) => d.isActive && d._id !== currentDriverId)
    .sort((a, b) => a.activeLoad - b.activeLoad);

  const submit = () => {
    const start = new Date(from);
    const end = new Date(to);
    if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return setError('Give the window a start and an end.');
    if (end <= start) return setError('The window must end after it starts.');
    onReattempt({
      ...(driverId && driverId !== currentDriverId ? { driverId } : {}),
      window: { from: start.toISOString(), to: end.toISOString() },
      ...(note.trim() ? { note: note.trim() } : {}),
    });
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      icon={<CalendarClock aria-hidden="true" className="size-6" />}
      title={`Re-attempt #${orderId}`}
      formId={formId}
      submitLabel="Schedule re-attempt"
      busy={busy}
    >
      <form
        id={formId}
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset>
          <legend className="mb-2">Who delivers it?</legend>
          <ul className="max-h-56 space-y-2 overflow-y-auto pr-1">
            {[
              { _id: currentDriverId ?? '', label: 'The same driver', hint: 'The parcel is still on board' },
              ...others.map((d) => ({
                _id: d._id,
                label: `${d.firstName} ${d.lastName}`,
                hint: `Collects it from the first driver · ${d.activeLoad} ${d.activeLoad === 1 ? 'job' : 'jobs'}`,
              })),
            ].map((option) => (
              <li key={option._id || 'same'}>
                <label
                  className={clsx(
                    'flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2',
                    driverId === option._id ? 'border-brand-500 bg-brand-50' : 'border-slate-200 hover:bg-slate-50',
                  )}
                >
                  <input
                    type="radio"
                    name="reattempt-driver"
                    value={option._id}
                    checked={driverId === option._id}
                    onChange={() => setDriverId(option._id)}
                    className="size-4 accent-brand-600"
                  />
                  <span className="min-w-0">
                    <span className="block font-medium text-slate-900">{option.label}</span>
                    <span className="block text-xs text-slate-600">{option.hint}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id={`${formId}-from`} label="Window from" error={error || undefined}>
            <input
              id={`${formId}-from`}
              type="datetime-local"
              value={from}
              onChange={(event) => setFrom(event.target.value)}
              className={inputClass({ invalid: !!error })}
            />
          </Field>
          <Field id={`${formId}-to`} label="Window to">
            <input
              id={`${formId}-to`}
              type="datetime-local"
              value={to}
              onChange={(event) => setTo(event.target.value)}
              className={inputClass({ invalid: !!error })}
            />
          </Field>
        </div>
        <Field id={`${formId}-note`} label="Note (optional)">
          <textarea
            id={`${formId}-note`}
            rows={2}
            maxLength={ATTEMPT_NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            className={inputClass({ className: 'h-auto py-2' })}
          />
        </Field>
      </form>
    </FormDialog>
  );
}

/** The parcel goes back to its sender; the driver ends it with the hand-back proof. */
export function ReturnDialog({
  open,
  orderId,
  busy,
  onClose,
  onReturn,
}: {
  open: boolean;
  orderId: string;
  busy: boolean;
  onClose: () => void;
  onReturn: (note: string) => void;
}) {
  const formId = useId();
  const fieldId = useId();
  const { register, handleSubmit, reset, formState } = useForm<TReturnRequest>({
    resolver: zodResolver(ZReturnRequest),
    defaultValues: { note: '' },
  });
  useEffect(() => {
    if (open) reset({ note: '' });
  }, [open, reset]);
  const error = formState.errors.note?.message;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      tone="danger"
      icon={<Undo2 aria-hidden="true" className="size-6" />}
      title={`Return #${orderId} to the sender?`}
      formId={formId}
      cancelLabel="Keep it"
      submitLabel="Return to sender"
      busy={busy}
    >
      <form id={formId} noValidate onSubmit={handleSubmit(({ note }) => onReturn(note))}>
        <p className="mb-3">The driver takes the parcel back to the pickup address and records the hand-back. The customer is told.</p>
        <Field id={fieldId} label="Why it goes back" error={error}>
          <textarea
            id={fieldId}
            data-autofocus
            rows={3}
            maxLength={ATTEMPT_NOTE_MAX}
            {...register('note')}
            className={inputClass({ invalid: !!error, className: 'h-auto py-2' })}
          />
        </Field>
      </form>
    </FormDialog>
  );
}
