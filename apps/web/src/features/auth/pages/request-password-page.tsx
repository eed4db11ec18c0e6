import { isValidEmail, MESSAGES } from '@courier/contract';
import { ArrowLeft, KeyRound, MailCheck, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { forgotPasswordErrorMessage, useForgotPassword } from '../api/forgot-password';
import { AuthLayout, authLinkClass } from '../components/auth-layout';
import { Field, FormAlert, inputClass } from '@/components/ui/form-controls';

const backToLogin = (
  <Link to={paths.auth.login} className={`inline-flex items-center gap-1.5 ${authLinkClass}`}>
    <ArrowLeft aria-hidden="true" className="size-4" />
    Back to Login
  </Link>
);

/** /auth/request-password: one e-mail field; the answer never says whether the account exists. */
export function RequestPasswordPage() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useForgotPassword();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const address = email.trim();
    if (!address) return setFieldError('Email is required');
    if (!isValidEmail(address)) return setFieldError('Please enter a valid email address');
    setFieldError(undefined);
    try {
      await request.mutateAsync({ email: address });
      toast.success(MESSAGES.forgotSuccess);
      setSentTo(address);
    } catch (err) {
      const message = forgotPasswordErrorMessage(err);
      setError(message);
      toast.error(message);
    }
  };

  if (sentTo) {
    return (
      <AuthLayout documentTitle="Forgot password" icon={<MailCheck aria-hidden="true" />} title="Check your email" footer={backToLogin}>
        <FormAlert tone="success">{MESSAGES.forgotSuccess}</FormAlert>
        <p className="mt-5 text-sm leading-6 text-slate-600">
          The link in the e-mail works once and expires in 1 hour. Nothing arrived? Check your spam folder, or{' '}
          <button type="button" onClick={() => setSentTo(null)} className={authLinkClass}>
            try another email
          </button>
          .
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      documentTitle="Forgot password"
      icon={<KeyRound aria-hidden="true" />}
      title="Forgot your password?"
      subtitle="Enter the e-mail of your account and we'll send you a link to choose a new password."
      footer={backToLogin}
    >
      <form className="space-y-5" onSubmit={onSubmit} noValidate>
        {error && <FormAlert>{error}</FormAlert>}
        <Field id="forgot-email" label="Email" error={fieldError}>
          <input
            id="forgot-email"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="you@clinic.org"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            className={inputClass({ invalid: !!fieldError })}
          />
        </Field>
        <button type="submit" disabled={request.isPending} className={buttonClass({ size: 'lg', className: 'w-full' })}>
          {request.isPending ? (
            <Spinner className="text-white [&_svg]:size-5" label="Sending" />
          ) : (
            <Send aria-hidden="true" className="size-5" />
          )}
          Send reset link
        </button>
      </form>
    </AuthLayout>
  );
}
