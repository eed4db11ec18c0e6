import { ACCOUNT_TYPE_LABELS, ACCOUNT_TYPES } from '@courier/contract';
import clsx from 'clsx';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { ACCOUNT_TYPE_UNCHOSEN, signupRequirements, type TSignupForm, type TSignupValues } from '../lib/signup-form';
import { Field, inputClass, PasswordInput } from '@/components/ui/form-controls';
import { PasswordChecklist } from '@/components/password-checklist';
import { PasswordStrengthMeter, strengthBorderClass } from './password-strength';

type TForm = UseFormReturn<TSignupForm, unknown, TSignupValues>;

function TextField({
  form,
  name,
  label,
  type = 'text',
  autoComplete,
  placeholder,
  inputMode,
  className,
}: {
  form: TForm;
  name: 'firstName' | 'lastName' | 'email' | 'phone' | 'address' | 'organisation';
  label: ReactNode;
  type?: string;
  autoComplete: string;
  placeholder?: string;
  inputMode?: 'email' | 'tel' | 'text';
  className?: string;
}) {
  const id = `signup-${name}`;
  const error = form.formState.errors[name]?.message;
  return (
    <Field id={id} label={label} error={error} className={className}>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        placeholder={placeholder}
        inputMode={inputMode}
        className={inputClass({ invalid: !!error })}
        {...form.register(name)}
      />
    </Field>
  );
}

/** Step 1: first name, last name, e-mail, phone. */
export function PersonalInfoStep({ form }: { form: TForm }) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField form={form} name="firstName" label="First name" autoComplete="given-name" placeholder="Jordan" />
      <TextField form={form} name="lastName" label="Last name" autoComplete="family-name" placeholder="Rivera" />
      <TextField
        form={form}
        name="email"
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="you@clinic.org"
        className="sm:col-span-2"
      />
      <TextField
        form={form}
        name="phone"
        label="Phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="+1 617 555 0100"
        className="sm:col-span-2"
      />
    </div>
  );
}

/** Step 2: address and account type (the select starts on 'other', which is not offered). */
export function AddressStep({ form }: { form: TForm }) {
  const error = form.formState.errors.accountType && ACCOUNT_TYPE_UNCHOSEN;
  const chosen = (ACCOUNT_TYPES as readonly string[]).includes(form.watch('accountType'));
  return (
    <div className="space-y-5">
      <TextField form={form} name="address" label="Address" autoComplete="street-address" placeholder="Street, city, state and ZIP" />
      <TextField
        form={form}
        name="organisation"
        label={
          <>
            Organisation <span className="font-normal text-slate-500">(optional)</span>
          </>
        }
        autoComplete="organization"
        placeholder="Northside Clinic"
      />
      <Field id="signup-accountType" label="Account type" error={error} hint="The kind of organisation you send for.">
        {(control) => (
          <div className="relative">
            <select
              {...control}
              className={inputClass({
                invalid: !!error,
                className: clsx('appearance-none pr-10', !chosen && 'text-slate-400'),
              })}
              {...form.register('accountType')}
            >
              <option value="other" disabled hidden>
                Select your account type
              </option>
              {ACCOUNT_TYPES.map((type) => (
                <option key={type} value={type} className="text-slate-900">
                  {ACCOUNT_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
            <ChevronDown
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-slate-400"
            />
          </div>
        )}
      </Field>
    </div>
  );
}

/** Step 3: password with its strength meter and requirements box, and the confirmation. */
export function SecurityStep({ form }: { form: TForm }) {
  const password = form.watch('password') ?? '';
  const passwordError = form.formState.errors.password?.message;
  const confirmError = form.formState.errors.confirmPassword?.message;
  return (
    <div className="space-y-5">
      <Field id="signup-password" label="Password" error={passwordError}>
        <PasswordInput
          id="signup-password"
          autoComplete="new-password"
          invalid={!!passwordError}
          borderClass={strengthBorderClass(password)}
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={clsx('signup-password-strength', passwordError && 'signup-password-error')}
          {...form.register('password')}
        />
        <PasswordStrengthMeter id="signup-password-strength" password={password} />
      </Field>
      <PasswordChecklist title="Password requirements" items={signupRequirements(password)} />
      <Field id="signup-confirmPassword" label="Confirm password" error={confirmError}>
        <PasswordInput
          id="signup-confirmPassword"
          autoComplete="new-password"
          toggleLabel="confirm password"
          invalid={!!confirmError}
          {...form.register('confirmPassword')}
        />
      </Field>
    </div>
  );
}
