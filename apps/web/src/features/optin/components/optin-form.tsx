import { zodResolver } from '@hookform/resolvers/zod';
import { OPTIN_PAGE_CONSENT_TEXT, type TOptinRequest, ZOptinRequest } from '@courier/contract';
import clsx from 'clsx';
import { Mail, MessageSquareText, Megaphone } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { optinErrorField, optinErrorMessage, useSubscribeOptin } from '../api/subscribe-optin';
import { ConsentOption } from './consent-option';

const inputClass = (invalid: boolean) =>
  clsx(
    'mt-1.5 block h-11 w-full rounded-lg border bg-white px-3 text-base text-slate-900 placeholder:text-slate-400 focus:ring-2 focus:outline-none sm:text-sm',
    invalid ? 'border-red-400 focus:border-red-500 focus:ring-red-200' : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100',
  );

/** The opt-in page's form; calls onSubscribed with the server's message and whether SMS was asked for. */
export function OptinForm({ onSubscribed }: { onSubscribed: (message: string, askedForSms: boolean) => void }) {
  const {
    register,
    watch,
    setValue,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<TOptinRequest>({
    // The contract's rules and words (the API answers the same ones); an error clears as soon as its field is edited.
    resolver: zodResolver(ZOptinRequest),
    reValidateMode: 'onSubmit',
    defaultValues: { phone: '', company: '', email: '', consent: { sms: false, email: false, marketing: false }, source: 'page' },
  });
  const subscribe = useSubscribeOptin();

  const submit = handleSubmit((form) => {
    const consent = form.consent;
    subscribe.mutate(
      {
        phone: form.phone,
        company: form.company?.trim() || undefined,
        // Sent only with e-mail updates ticked: an address left in the box after unticking is not stored.
        email: consent.email ? form.email : undefined,
        consent,
        source: 'page',
      },
      {
        onSuccess: (message) => onSubscribed(message, consent.sms),
        onError: (failure) => {
          const message = optinErrorMessage(failure);
          const field = optinErrorField(failure);
          if (field === 'phone' || field === 'email') setError(field, { message });
          else if (field?.startsWith('consent')) setError('consent', { message });
          else setError('root', { message });
        },
      },
    );
  });
  const consent = watch('consent');
  const consentBox = (key: keyof TOptinRequest['consent']) => ({
    checked: consent[key],
    onChange: (checked: boolean) => {
      setValue(`consent.${key}`, checked);
      clearErrors('consent');
      clearErrors('root');
    },
  });
  const phoneMessage = errors.phone?.message;
  const emailMessage = errors.email?.message;
  const consentMessage = errors.consent?.message ?? errors.consent?.root?.message;
  const formMessage = errors.root?.message;

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <div>
        <label htmlFor="optin-phone" className="block text-sm font-semibold text-slate-800">
          Phone number <span className="text-red-600">*</span>
        </label>
        <input
          id="optin-phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+1 617 555 0142"
          {...register('phone', {
            onChange: () => {
              clearErrors('phone');
              clearErrors('root');
            },
          })}
          aria-invalid={phoneMessage ? true : undefined}
          aria-describedby={phoneMessage ? 'optin-phone-error' : 'optin-phone-hint'}
          className={inputClass(!!phoneMessage)}
        />
        {phoneMessage ? (
          <p id="optin-phone-error" role="alert" className="mt-1.5 text-sm font-medium text-red-600">
            {phoneMessage}
          </p>
        ) : (
          <p id="optin-phone-hint" className="mt-1.5 text-xs text-slate-500">
            A US number in any usual form, such as (617) 555-0142. Outside the US, start with + and the country code.
          </p>
        )}
      </div>

      <div>
        <label htmlFor="optin-company" className="block text-sm font-semibold text-slate-800">
          Company <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <input
          id="optin-company"
          type="text"
          autoComplete="organization"
          maxLength={120}
          placeholder="Riverside Family Clinic"
          {...register('company')}
          className={inputClass(false)}
        />
      </div>

      <fieldset aria-describedby={consentMessage ? 'optin-consent-error' : undefined}>
        <legend className="text-sm font-semibold text-slate-800">What would you like to receive?</legend>
        <div className="mt-2 space-y-2.5">
          <ConsentOption
            name="sms"
            label="SMS updates"
            description="Texts when a delivery is picked up, running late or delivered."
            icon={<MessageSquareText />}
            {...consentBox('sms')}
          />
          <ConsentOption
            name="email"
            label="Email updates"
            description="Delivery confirmations and proof of delivery in your inbox."
            icon={<Mail />}
            {...consentBox('email')}
          />
          <ConsentOption
            name="marketing"
            label="Service updates"
            description="Holiday hours, new service areas and occasional offers."
            icon={<Megaphone />}
            {...consentBox('marketing')}
          />
        </div>
        {consent.email && (
          <div className="mt-3 pl-1">
            <label htmlFor="optin-email" className="block text-sm font-semibold text-slate-800">
              E-mail address <span className="text-red-600">*</span>
            </label>
            <input
              id="optin-email"
              type="email"
              inputMode="email"
              autoComplete="email"
              maxLength={254}
              placeholder="you@clinic.org"
              {...register('email', {
                onChange: () => {
                  clearErrors('email');
                  clearErrors('root');
                },
              })}
              aria-invalid={emailMessage ? true : undefined}
              aria-describedby={emailMessage ? 'optin-email-error' : undefined}
              className={inputClass(!!emailMessage)}
            />
            {emailMessage ? (
              <p id="optin-email-error" role="alert" className="mt-1.5 text-sm font-medium text-red-600">
                {emailMessage}
              </p>
            ) : null}
          </div>
        )}
        {consentMessage ? (
          <p id="optin-consent-error" role="alert" className="mt-2 text-sm font-medium text-red-600">
            {consentMessage}
          </p>
        ) : null}
      </fieldset>

      {formMessage ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2.5 text-sm font-medium text-red-700 ring-1 ring-red-200">
          {formMessage}
        </p>
      ) : null}

      <div>
        <button type="submit" disabled={subscribe.isPending} className={buttonClass({ size: 'lg', className: 'w-full' })}>
          {subscribe.isPending ? 'Saving…' : 'Subscribe'}
        </button>
        <p className="mt-3 text-xs leading-relaxed text-slate-500">{OPTIN_PAGE_CONSENT_TEXT}</p>
        <p className="mt-2 text-xs text-slate-500">
          See our{' '}
          <Link to={paths.terms} className="font-medium text-brand-700 underline-offset-2 hover:underline">
            Terms &amp; Conditions
          </Link>{' '}
          and{' '}
          <Link to={paths.privacy} className="font-medium text-brand-700 underline-offset-2 hover:underline">
            Privacy Policy
          </Link>
          .
        </p>
      </div>
    </form>
  );
}
