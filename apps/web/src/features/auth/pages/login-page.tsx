import { MESSAGES } from '@courier/contract';
import { LockKeyhole, LogIn } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import type { TLoginState } from '@/lib/session';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { loginErrorMessage, useLogin } from '../api/login';
import { AuthLayout, authLinkClass } from '../components/auth-layout';
import { FormAlert, Field, inputClass, PasswordInput } from '@/components/ui/form-controls';
import { returnPath, type TVerifyOtpState } from '../lib/navigation';

interface TLoginForm {
  email: string;
  password: string;
  remember: boolean;
}

/** /auth/login: e-mail, password, remember me; unverified e-mails continue on /auth/verify-otp. */
export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as TLoginState | null)?.from;
  const { register, handleSubmit } = useForm<TLoginForm>({ defaultValues: { email: '', password: '', remember: false } });
  const [error, setError] = useState<string | null>(null);
  const login = useLogin();

  const onSubmit = handleSubmit(async ({ email, password, remember }) => {
    setError(null);
    if (!email.trim() || !password) {
      setError(MESSAGES.loginFillAll);
      return;
    }
    try {
      const outcome = await login.mutateAsync({ email: email.trim(), password, remember });
      if (outcome.status === 'verification-required') {
        toast.info(outcome.message);
        const state: TVerifyOtpState = { email: outcome.email, message: outcome.message, remember, from };
        await navigate(paths.auth.verifyOtp, { state });
        return;
      }
      toast.success(MESSAGES.loginSuccess);
      await navigate(returnPath(from, outcome.role), { replace: true });
    } catch (err) {
      const message = loginErrorMessage(err);
      setError(message);
      toast.error(message);
    }
  });

  return (
    <AuthLayout
      documentTitle="Sign in"
      icon={<LockKeyhole aria-hidden="true" />}
      title="Sign in"
      subtitle={MESSAGES.loginSubtitle}
      footer={
        <>
          New to MedCourier?{' '}
          <Link to={paths.auth.signup} className={authLinkClass}>
            Create an account
          </Link>
        </>
      }
    >
      <form className="space-y-5" onSubmit={onSubmit} noValidate>
        {error && <FormAlert>{error}</FormAlert>}
        <Field id="login-email" label="Email">
          <input
            id="login-email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@clinic.org"
            className={inputClass()}
            {...register('email')}
          />
        </Field>
        <Field
          id="login-password"
          label="Password"
          action={
            <Link to={paths.auth.requestPassword} className="text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline">
              Forgot password?
            </Link>
          }
        >
          <PasswordInput id="login-password" autoComplete="current-password" {...register('password')} />
        </Field>
        <label className="flex w-fit cursor-pointer items-center gap-2.5 text-sm text-slate-700 select-none">
          <input type="checkbox" className="size-4 rounded border-slate-300 accent-brand-600" {...register('remember')} />
          Remember me
        </label>
        <button type="submit" disabled={login.isPending} className={buttonClass({ size: 'lg', className: 'w-full' })}>
          {login.isPending ? (
            <Spinner className="text-white [&_svg]:size-5" label="Signing in" />
          ) : (
            <LogIn aria-hidden="true" className="size-5" />
          )}
          {login.isPending ? 'Signing in...' : 'Sign in'}
        </button>
      </form>
    </AuthLayout>
  );
}
