import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, ROLE_IDS, TIMINGS } from '@courier/contract';
import { ArrowLeft, ArrowRight, MailCheck, UserPlus } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { EmailText } from '@/components/ui/email-text';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { registrationErrorMessage, useRegister } from '../api/register';
import { AuthLayout, authLinkClass } from '../components/auth-layout';
import { FormAlert } from '@/components/ui/form-controls';
import { Modal } from '@/components/ui/modal';
import { SignupProgress } from '../components/signup-progress';
import { AddressStep, PersonalInfoStep, SecurityStep } from '../components/signup-fields';
import { SIGNUP_DEFAULTS, SIGNUP_STEPS, type TSignupForm, type TSignupValues, ZSignupForm } from '../lib/signup-form';

const STEP_TITLES = SIGNUP_STEPS.map((step) => step.title);

/** /auth/signup: Personal Info, Address, Security; then the 'Verify your email' modal. */
export function SignupPage() {
  const navigate = useNavigate();
  const form = useForm<TSignupForm, unknown, TSignupValues>({
    resolver: zodResolver(ZSignupForm),
    defaultValues: SIGNUP_DEFAULTS,
    mode: 'onTouched',
  });
  const [step, setStep] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const registration = useRegister();
  const heading = useRef<HTMLDivElement>(null);

  // A field showing an error checks again as soon as it changes. 'onTouched' alone waits for a blur, and the
  // account type select, focused by the failed Next, is never blurred on a phone until the user taps Next:
  // the error stayed after a type was chosen and that tap's blur re-render swallowed the Next.
  useEffect(() => {
    const watching = form.watch((_, { name }) => {
      if (name && form.getFieldState(name).invalid) void form.trigger(name);
    });
    return () => watching.unsubscribe();
  }, [form]);

  const goTo = (next: number) => {
    setStep(next);
    setError(null);
    // Screen readers and phones start the new step at its heading ("Step 2 of 3: Address"), focused.
    requestAnimationFrame(() => {
      heading.current?.scrollIntoView?.({ block: 'nearest' });
      heading.current?.querySelector<HTMLElement>('[data-step-heading]')?.focus({ preventScroll: true });
    });
  };

  const next = async () => {
    const valid = await form.trigger([...SIGNUP_STEPS[step - 1].fields], { shouldFocus: true });
    if (valid) goTo(step + 1);
  };

  const submit = form.handleSubmit(async ({ confirmPassword: _, organisation, ...values }) => {
    setError(null);
    try {
      await registration.mutateAsync({ ...values, ...(organisation ? { organisation } : {}), roleId: ROLE_IDS.CUSTOMER });
      toast.success(MESSAGES.signupSuccess);
      // Shown as typed; the request carries it lower-cased.
      setRegisteredEmail(form.getValues('email').trim());
    } catch (err) {
      const message = registrationErrorMessage(err);
      setError(message);
      toast.error(message, { autoClose: TIMINGS.signupErrorToastMs });
      // A used e-mail is fixed on the first step.
      if (isApiError(err) && err.code === 'CONFLICT') {
        setStep(1);
        form.setError('email', { message }, { shouldFocus: true });
      }
    }
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Enter on steps 1 and 2 moves on; only step 3 sends.
    if (step < SIGNUP_STEPS.length) {
      event.preventDefault();
      void next();
      return;
    }
    void submit(event);
  };

  const goToLogin = () => void navigate(paths.auth.login, { replace: true });

  return (
    <AuthLayout
      wide
      documentTitle="Create account"
      icon={<UserPlus aria-hidden="true" />}
      title="Create your account"
      subtitle="Book and track medical deliveries for your organisation."
      footer={
        <>
          Already have an account?{' '}
          <Link to={paths.auth.login} className={authLinkClass}>
            Sign in
          </Link>
        </>
      }
    >
      <div ref={heading} className="scroll-mt-24">
        <SignupProgress steps={STEP_TITLES} current={step} />
      </div>
      <form onSubmit={onSubmit} noValidate>
        <fieldset className="min-w-0">
          <legend className="sr-only">{STEP_TITLES[step - 1]}</legend>
          {error && <FormAlert className="mb-5">{error}</FormAlert>}
          {step === 1 && <PersonalInfoStep form={form} />}
          {step === 2 && <AddressStep form={form} />}
          {step === 3 && <SecurityStep form={form} />}
        </fieldset>

        <div className="mt-8 flex items-center gap-3">
          {step > 1 && (
            <button
              type="button"
              onClick={() => goTo(step - 1)}
              className={buttonClass({ variant: 'secondary', size: 'lg', className: 'max-sm:px-4!' })}
            >
              <ArrowLeft aria-hidden="true" className="size-5" />
              Back
            </button>
          )}
          {step < SIGNUP_STEPS.length ? (
            <button type="submit" className={buttonClass({ size: 'lg', className: 'ml-auto min-w-32 flex-1 sm:flex-none' })}>
              Next
              <ArrowRight aria-hidden="true" className="size-5" />
            </button>
          ) : (
            <button
              type="submit"
              disabled={registration.isPending}
              className={buttonClass({ size: 'lg', className: 'ml-auto min-w-40 flex-1 whitespace-nowrap sm:flex-none' })}
            >
              {registration.isPending && <Spinner className="text-white [&_svg]:size-5" label="Creating account" />}
              Create Account
            </button>
          )}
        </div>
      </form>

      <Modal
        open={registeredEmail !== null}
        onClose={goToLogin}
        icon={<MailCheck aria-hidden="true" className="size-6" />}
        title={MESSAGES.verifyYourEmail}
        actions={
          <button type="button" data-autofocus onClick={goToLogin} className={buttonClass({ size: 'lg', className: 'w-full sm:w-auto' })}>
            Go to Login
          </button>
        }
      >
        <p>
          We sent a verification link to <EmailText email={registeredEmail ?? ''} className="font-semibold break-words text-slate-900" />.
          Open it to activate your account, then sign in.
        </p>
        <p className="mt-2">The link expires in 24 hours. Can't find the e-mail? Check your spam folder.</p>
      </Modal>
    </AuthLayout>
  );
}
