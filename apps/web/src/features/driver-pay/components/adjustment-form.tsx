import { type FormEvent, useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { Field, inputClass } from '@/components/ui/form-controls';
import { isoDay, parseDollars } from '../lib/money';

/** A signed amount for a day with its reason: a fuel advance, a deduction, a correction. */
export function AdjustmentForm({
  busy,
  onAdd,
}: {
  busy: boolean;
  onAdd: (body: { amountCents: number; reason: string; date: string }, done: () => void) => void;
}) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [date, setDate] = useState(isoDay());
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const cents = parseDollars(amount);
    const next = {
      amount: cents === null || cents === 0 ? 'Enter an amount, e.g. 25.00 or -12.00 for a deduction' : undefined,
      reason: reason.trim().length < 3 ? 'Say why, in a few words' : undefined,
    };
    setErrors(next);
    if (next.amount || next.reason) return;
    onAdd({ amountCents: cents!, reason: reason.trim(), date }, () => {
      setAmount('');
      setReason('');
    });
  };
  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-3" noValidate>
      <Field id="adj-amount" label="Amount ($, minus for a deduction)" error={errors.amount}>
        <input inputMode="decimal" className={inputClass()} value={amount} onChange={(e) => setAmount(e.target.value)} />
      </Field>
      <Field id="adj-reason" label="Reason" error={errors.reason}>
        <input className={inputClass()} value={reason} maxLength={300} onChange={(e) => setReason(e.target.value)} />
      </Field>
      <Field id="adj-date" label="Day">
        <input type="date" className={inputClass()} value={date} onChange={(e) => setDate(e.target.value)} />
      </Field>
      <div className="sm:col-span-3">
        <button type="submit" className={buttonClass({ variant: 'secondary' })} disabled={busy}>
          Add adjustment
        </button>
      </div>
    </form>
  );
}
