import { isValidRoutingNumber, type TBankAccount, type TBankAccountRequest } from '@courier/contract';
import { type FormEvent, useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { Field, inputClass } from '@/components/ui/form-controls';

/** The account on file, masked; administrators replace it (the full numbers are never shown back). */
export function BankAccountForm({
  account,
  mayEdit,
  busy,
  onSave,
}: {
  account: TBankAccount | null | undefined;
  mayEdit: boolean;
  busy: boolean;
  onSave: (body: TBankAccountRequest, done: () => void) => void;
}) {
  const [routingNumber, setRouting] = useState('');
  const [accountNumber, setAccount] = useState('');
  const [accountType, setType] = useState<'checking' | 'savings'>('checking');
  const [errors, setErrors] = useState<{ routing?: string; account?: string }>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = {
      routing: isValidRoutingNumber(routingNumber.trim()) ? undefined : 'Enter a valid 9-digit routing number',
      account: /^\d{4,17}$/.test(accountNumber.trim()) ? undefined : 'Enter the account number: 4 to 17 digits',
    };
    setErrors(next);
    if (next.routing || next.account) return;
    onSave({ routingNumber: routingNumber.trim(), accountNumber: accountNumber.trim(), accountType }, () => {
      setRouting('');
      setAccount('');
    });
  };
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700" data-testid="bank-on-file">
        {account
          ? `${account.accountType === 'savings' ? 'Savings' : 'Checking'} account ••••${account.accountLast4}, routing ••••${account.routingLast4}`
          : 'No bank account on file.'}
      </p>
      {mayEdit && (
        <form onSubmit={submit} className="grid gap-4 sm:grid-cols-3" noValidate>
          <Field id="bank-routing" label="Routing number" error={errors.routing}>
            <input
              inputMode="numeric"
              autoComplete="off"
              className={inputClass()}
              value={routingNumber}
              onChange={(e) => setRouting(e.target.value)}
            />
          </Field>
          <Field id="bank-account" label="Account number" error={errors.account}>
            <input
              inputMode="numeric"
              autoComplete="off"
              className={inputClass()}
              value={accountNumber}
              onChange={(e) => setAccount(e.target.value)}
            />
          </Field>
          <Field id="bank-type" label="Account type">
            <select className={inputClass()} value={accountType} onChange={(e) => setType(e.target.value as 'checking' | 'savings')}>
              <option value="checking">Checking</option>
              <option value="savings">Savings</option>
            </select>
          </Field>
          <div className="sm:col-span-3">
            <button type="submit" className={buttonClass({ variant: 'secondary' })} disabled={busy}>
              Save bank account
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
