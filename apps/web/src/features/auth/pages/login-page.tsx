import { landingPathFor, MESSAGES } from '@courier/contract';
import { Eye, EyeOff, LockKeyhole, LogIn } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { TLoginState } from '@/app/guards';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { loginErrorMessage, useLogin } from '../api/login';

interface TLoginForm {
  email: string;
  password: string;
}

const inputClass =
  'block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none';

/** Minimal login (to be completed: remember me). Sends the user back to the guarded page they came from. */
export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as TLoginState | null)?.from;
  const { register, handleSubmit } = useForm<TLoginForm>({ defaultValues: { email: '', password: '' } });
  const [error, setError] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const login = useLogin();

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setError(null);
    if (!email.trim() || !password) {
      setError(MESSAGES.loginFillAll);
      return;
    }
    try {
      const outcome = await login.mutateAsync({ email: email.trim(), password });
      if (outcome.status === 'verification-required') {
        toast.info(outcome.message);
        await navigate(paths.auth.verifyOtp, { state: { email: outcome.email, message: outcome.message } });
        return;
      }
      toast.success(MESSAGES.loginSuccess);
      const target = from ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : landingPathFor(outcome.role);
      await navigate(target, { replace: true });
    } catch (err) {
      const message = loginErrorMessage(err);
      setError(message);
      toast.error(message);
    }
  });

  return (
    <section className="flex min-h-[calc(100dvh-4rem)] items-center justify-center bg-gradient-to-b from-brand-50 to-white px-4 py-12">
      <title>Sign in · MedCourier</title>
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
          <LockKeyhole aria-hidden="true" className="size-6" />
        </div>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">Sign in</h1>
        <p className="mt-1 text-slate-600">{MESSAGES.loginSubtitle}</p>

        <form className="mt-6 space-y-4" onSubmit={onSubmit} noValidate>
          {error && (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
              {error}
            </p>
          )}
          <div>
            <label htmlFor="login-email" className="mb-1.5 block text-sm font-medium text-slate-700">
              Email
            </label>
            <input
              id="login-email"
              type="email"
              autoComplete="email"
              placeholder="you@clinic.org"
              className={inputClass}
              {...register('email')}
            />
          </div>
          <div>
            <div className="mb-1.5 flex items-center justify-between">
              <label htmlFor="login-password" className="block text-sm font-medium text-slate-700">
                Password
              </label>
              <Link to={paths.auth.requestPassword} className="text-sm font-medium text-brand-700 hover:text-brand-800">
                Forgot password?
              </Link>
            </div>
            <div className="relative">
              <input
                id="login-password"
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                className={`${inputClass} pr-11`}
                {...register('password')}
              />
              <button
                type="button"
                onClick={() => setShowPassword((value) => !value)}
                aria-label={showPassword ? 'Hide password' : 'Show password'}
                className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-slate-400 hover:text-slate-600"
              >
                {showPassword ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
              </button>
            </div>
          </div>
          <button type="submit" disabled={login.isPending} className={buttonClass({ size: 'lg', className: 'w-full' })}>
            <LogIn aria-hidden="true" className="size-5" />
            {login.isPending ? 'Signing in...' : 'Sign in'}
          </button>
        </form>

        <p className="mt-6 text-center text-sm text-slate-600">
          New to MedCourier?{' '}
          <Link to={paths.auth.signup} className="font-semibold text-brand-700 hover:text-brand-800">
            Create an account
          </Link>
        </p>
      </div>
    </section>
  );
}
