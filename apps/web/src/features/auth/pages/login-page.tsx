import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, ZLoginRequest } from '@courier/contract';
import { LockKeyhole, LogIn } from 'lucide-react';
import { useState } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import { z } from 'zod';
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

/** The contract's login request, plus "Remember me", which stays in the browser. */
const ZLoginForm = ZLoginRequest.extend({ remember: z.boolean() });
type TLoginForm = z.input<typeof ZLoginForm>;

/** An empty field is told by the one 'Please fill in all fields' above the form, not under the field. */
const isMissing = (error: FieldError | undefined) => error?.type === 'too_small';
const fieldMessage = (error: FieldError | undefined) => (error && !isMissing(error) ? error.message : undefined);

/** /auth/login: e-mail, password, remember me; unverified e-mails continue on /auth/verify-otp. */
export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as TLoginState | null)?.from;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TLoginForm, unknown, z.output<typeof ZLoginForm>>({
    resolver: zodResolver(ZLoginForm),
    defaultValues: { email: '', password: '', remember: false },
  });
  const [error, setError] = useState<string | null>(null);
  const login = useLogin();

  const onSubmit = handleSubmit(
    async ({ email, password, remember }) => {
      setError(null);
      try {
        const outcome = await login.mutateAsync({ email, password, remember });
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
    },
    (invalid) => setError(isMissing(invalid.email) || isMissing(invalid.password) ? MESSAGES.loginFillAll : null),
  );

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
        <Field id="login-email" label="Email" error={fieldMessage(errors.email)}>
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
          error={fieldMessage(errors.password)}
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
