import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, type TForgotPasswordRequest, ZForgotPasswordRequest } from '@courier/contract';
import { ArrowLeft, KeyRound, MailCheck, Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
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
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TForgotPasswordRequest>({ resolver: zodResolver(ZForgotPasswordRequest), defaultValues: { email: '' } });
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useForgotPassword();

  const onSubmit = handleSubmit(async ({ email }) => {
    setError(null);
    try {
      await request.mutateAsync({ email });
      toast.success(MESSAGES.forgotSuccess);
      setSentTo(email);
    } catch (err) {
      const message = forgotPasswordErrorMessage(err);
      setError(message);
      toast.error(message);
    }
  });

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
        <Field id="forgot-email" label="Email" error={errors.email?.message}>
          <input
            id="forgot-email"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="you@clinic.org"
            className={inputClass()}
            {...register('email')}
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
