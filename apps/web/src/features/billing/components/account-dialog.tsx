import { zodResolver } from '@hookform/resolvers/zod';
import { CREDIT_POLICIES, type TAccountPatch, type TCustomerAccount, ZAccountPatch } from '@courier/contract';
import { Building2 } from 'lucide-react';
import { useEffect, useId } from 'react';
import { type FieldErrors, type UseFormRegister, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Field, inputClass } from '@/components/ui/form-controls';
import { FormDialog } from '@/components/ui/modal';
import { centsFromText, dollarsText } from '../lib/money';

export const CREDIT_POLICY_LABELS = {
  ignore: 'No check',
  warn: 'Warn when over the limit',
  enforce: 'Refuse over the limit',
} as const;

/** The dialog's fields as typed; the money and the terms become numbers on submit. */
export const ZAccountForm = z.object({
  name: ZAccountPatch.shape.name.unwrap(),
  billingEmail: ZAccountPatch.shape.billingEmail.unwrap(),
  billingAddress: ZAccountPatch.shape.billingAddress.unwrap(),
  paymentTermsDays: z
    .string()
    .regex(/^\d{1,3}$/, 'Terms are 0 to 365 days')
    .refine((t) => Number(t) <= 365, 'Terms are 0 to 365 days'),
  creditLimit: z
    .string()
    .refine((t) => t.trim() === '' || centsFromText(t) !== null, 'Enter an amount such as 5000 or 5000.00, or leave it empty'),
  creditPolicy: z.enum(CREDIT_POLICIES),
  rateCardId: z.string(),
  poRequired: z.boolean(),
});
export type TAccountForm = z.infer<typeof ZAccountForm>;

const toForm = (a: TCustomerAccount): TAccountForm => ({
  name: a.name,
  billingEmail: a.billingEmail,
  billingAddress: a.billingAddress,
  paymentTermsDays: String(a.paymentTermsDays),
  creditLimit: dollarsText(a.creditLimitCents),
  creditPolicy: a.creditPolicy,
  rateCardId: a.rateCardId ?? '',
  poRequired: a.poRequired,
});

export const toPatch = (f: TAccountForm) =>
  ({
    name: f.name,
    billingEmail: f.billingEmail,
    billingAddress: f.billingAddress,
    paymentTermsDays: Number(f.paymentTermsDays),
    creditLimitCents: f.creditLimit.trim() === '' ? null : centsFromText(f.creditLimit),
    creditPolicy: f.creditPolicy,
    rateCardId: f.rateCardId || null,
    poRequired: f.poRequired,
  }) satisfies TAccountPatch;

/** An administrator sets an account's billing details, terms, credit and rate card. */
export function AccountDialog({
  account,
  rateCards,
  busy,
  onClose,
  onSave,
}: {
  account: TCustomerAccount | null;
  rateCards: { _id: string; name: string }[];
  busy: boolean;
  onClose: () => void;
  onSave: (patch: TAccountPatch) => void;
}) {
  const formId = useId();
  const { register, handleSubmit, reset, formState } = useForm<TAccountForm>({ resolver: zodResolver(ZAccountForm) });
  useEffect(() => {
    if (account) reset(toForm(account));
  }, [account, reset]);
  const e = formState.errors;
  const id = (name: string) => `${formId}-${name}`;
  return (
    <FormDialog
      open={!!account}
      onClose={onClose}
      icon={<Building2 aria-hidden="true" className="size-6" />}
      title={account ? `Account: ${account.name}` : 'Account'}
      formId={formId}
      submitLabel="Save account"
      busy={busy}
    >
      <form id={formId} noValidate className="space-y-3" onSubmit={handleSubmit((f) => onSave(toPatch(f)))}>
        <AccountFields id={id} register={register} errors={e} rateCards={rateCards} />
      </form>
    </FormDialog>
  );
}

/** The account's fields as the new-account and edit dialogs both show them. */
export function AccountFields<T extends TAccountForm>({
  id,
  register: registerAny,
  errors,
  rateCards,
}: {
  id: (name: string) => string;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  rateCards: { _id: string; name: string }[];
}) {
  const register = registerAny as unknown as UseFormRegister<TAccountForm>;
  const e = errors as FieldErrors<TAccountForm>;
  return (
    <>
      <Field id={id('name')} label="Name" error={e.name?.message}>
        <input id={id('name')} {...register('name')} className={inputClass({ invalid: !!e.name })} />
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={id('billingEmail')} label="Billing e-mail" error={e.billingEmail?.message}>
          <input id={id('billingEmail')} type="email" {...register('billingEmail')} className={inputClass({ invalid: !!e.billingEmail })} />
        </Field>
        <Field id={id('terms')} label="Payment terms (days)" error={e.paymentTermsDays?.message}>
          <input
            id={id('terms')}
            inputMode="numeric"
            {...register('paymentTermsDays')}
            className={inputClass({ invalid: !!e.paymentTermsDays })}
          />
        </Field>
      </div>
      <Field id={id('billingAddress')} label="Billing address" marker="optional" error={e.billingAddress?.message}>
        <input id={id('billingAddress')} {...register('billingAddress')} className={inputClass({ invalid: !!e.billingAddress })} />
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={id('creditLimit')} label="Credit limit ($)" hint="Empty: no limit" error={e.creditLimit?.message}>
          <input
            id={id('creditLimit')}
            inputMode="decimal"
            {...register('creditLimit')}
            className={inputClass({ invalid: !!e.creditLimit })}
          />
        </Field>
        <Field id={id('creditPolicy')} label="Over the limit" error={e.creditPolicy?.message}>
          <select id={id('creditPolicy')} {...register('creditPolicy')} className={inputClass()}>
            {CREDIT_POLICIES.map((p) => (
              <option key={p} value={p}>
                {CREDIT_POLICY_LABELS[p]}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field id={id('rateCard')} label="Rate card" error={e.rateCardId?.message}>
        <select id={id('rateCard')} {...register('rateCardId')} className={inputClass()}>
          <option value="">None (deliveries are not priced)</option>
          {rateCards.map((c) => (
            <option key={c._id} value={c._id}>
              {c.name}
            </option>
          ))}
        </select>
      </Field>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" {...register('poRequired')} className="size-4 rounded border-slate-300" />
        Bookings must carry a PO or cost-centre reference
      </label>
    </>
  );
}
