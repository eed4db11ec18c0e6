import { PRICE_LINE_CODES, type TPayRule, type TPayRuleRequest } from '@courier/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { Field, inputClass } from '@/components/ui/form-controls';
import { formatCents, parseDollars } from '../lib/money';

const dollarsOf = (cents: number) => (cents / 100).toFixed(2);

/** What a rule pays, in one line: "$4.00 a stop, $0.55 a mile, 20% of base". */
export function ruleSummary(r: TPayRule): string {
  const parts = [
    r.perStopCents ? `${formatCents(r.perStopCents)} a stop` : '',
    r.perMileCents ? `${formatCents(r.perMileCents)} a mile` : '',
    r.commissionPercent && r.commissionOn.length ? `${r.commissionPercent}% of ${r.commissionOn.join(', ')}` : '',
    r.perFailedAttemptCents ? `${formatCents(r.perFailedAttemptCents)} a failed drop` : '',
    r.perReturnCents ? `${formatCents(r.perReturnCents)} a return` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'Nothing';
}

/** An administrator's form for the next version of a rule, filled with the current one. */
export function PayRuleForm({
  current,
  busy,
  onSave,
}: {
  current: TPayRule | undefined;
  busy: boolean;
  onSave: (rule: TPayRuleRequest) => void;
}) {
  const [form, setForm] = useState({
    perStop: '',
    perMile: '',
    commission: '',
    commissionOn: ['base'] as string[],
    perFailed: '',
    perReturn: '',
    from: '',
  });
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setForm({
      perStop: current ? dollarsOf(current.perStopCents) : '',
      perMile: current ? dollarsOf(current.perMileCents) : '',
      commission: current ? String(current.commissionPercent) : '',
      commissionOn: current?.commissionOn ?? ['base'],
      perFailed: current ? dollarsOf(current.perFailedAttemptCents) : '',
      perReturn: current ? dollarsOf(current.perReturnCents) : '',
      from: '',
    });
  }, [current]);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const cents = [form.perStop, form.perMile, form.perFailed, form.perReturn].map((v) => (v.trim() ? parseDollars(v) : 0));
    if (cents.some((c) => c === null || c < 0)) return setError('Enter amounts in dollars, e.g. 4.00');
    const percent = form.commission.trim() ? Number(form.commission) : 0;
    if (!Number.isFinite(percent) || percent < 0 || percent > 100) return setError('Enter a commission between 0 and 100 %');
    setError(null);
    onSave({
      perStopCents: cents[0]!,
      perMileCents: cents[1]!,
      commissionPercent: percent,
      commissionOn: form.commissionOn as TPayRuleRequest['commissionOn'],
      perFailedAttemptCents: cents[2]!,
      perReturnCents: cents[3]!,
      ...(form.from ? { effectiveFrom: new Date(form.from).toISOString() } : {}),
    });
  };
  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" noValidate>
      <Field id="rule-stop" label="Per stop ($)" hint="A job is two stops: pickup and drop-off">
        <input inputMode="decimal" className={inputClass()} value={form.perStop} onChange={set('perStop')} />
      </Field>
      <Field id="rule-mile" label="Per billable mile ($)">
        <input inputMode="decimal" className={inputClass()} value={form.perMile} onChange={set('perMile')} />
      </Field>
      <Field id="rule-commission" label="Commission (%)">
        <input inputMode="decimal" className={inputClass()} value={form.commission} onChange={set('commission')} />
      </Field>
      <fieldset className="sm:row-span-2">
        <legend className="mb-1.5 text-sm font-medium text-slate-700">Commission on the price lines</legend>
        <div className="grid grid-cols-2 gap-1">
          {PRICE_LINE_CODES.map((code) => (
            <label key={code} className="flex min-h-8 items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                className="size-4"
                checked={form.commissionOn.includes(code)}
                onChange={(e) =>
                  setForm((f) => ({
                    ...f,
                    commissionOn: e.target.checked ? [...f.commissionOn, code] : f.commissionOn.filter((c) => c !== code),
                  }))
                }
              />
              {code.replaceAll('_', ' ')}
            </label>
          ))}
        </div>
      </fieldset>
      <Field id="rule-failed" label="Per failed drop ($)">
        <input inputMode="decimal" className={inputClass()} value={form.perFailed} onChange={set('perFailed')} />
      </Field>
      <Field id="rule-return" label="Per return to sender ($)">
        <input inputMode="decimal" className={inputClass()} value={form.perReturn} onChange={set('perReturn')} />
      </Field>
      <Field
        id="rule-from"
        label="In force from"
        marker="optional"
        hint="Empty: from now. Jobs are paid by the version in force when they complete."
      >
        <input type="datetime-local" className={inputClass()} value={form.from} onChange={set('from')} />
      </Field>
      {error && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {error}
        </p>
      )}
      <div className="sm:col-span-2">
        <button type="submit" className={buttonClass()} disabled={busy}>
          Save pay rule
        </button>
      </div>
    </form>
  );
}
