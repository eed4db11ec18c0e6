import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, OTP_LENGTH, type TVerifyOtpRequest, ZVerifyOtpRequest } from '@courier/contract';
import { ArrowLeft, MailCheck, RotateCw, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { EmailText } from '@/components/ui/email-text';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { loginErrorMessage } from '../api/login';
import { useResendOtp } from '../api/resend-otp';
import { useVerifyOtp } from '../api/verify-otp';
import { AuthLayout, authLinkClass } from '../components/auth-layout';
import { Field, FormAlert, inputClass } from '@/components/ui/form-controls';
import { returnPath, type TVerifyOtpState } from '../lib/navigation';

/** The server sends at most one code a minute; the button waits as long. */
export const RESEND_COOLDOWN_SECONDS = 60;

const INVALID_CODE = `Please enter the ${OTP_LENGTH}-digit code from the e-mail`;

function useCountdown(initial: number) {
  const [seconds, setSeconds] = useState(initial);
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);
  return [seconds, setSeconds] as const;
}

/** A code failure: the server's message (wrong or expired code), else the login catalogue. */
function codeErrorMessage(error: unknown): string {
  if (isApiError(error) && (error.code === 'BAD_REQUEST' || error.code === 'UNAUTHORIZED') && error.serverMessage)
    return error.serverMessage;
  return loginErrorMessage(error);
}

/** /auth/verify-otp: the 6-digit code e-mailed after a right password on an unverified address. */
export function VerifyOtpPage() {
  const navigate = useNavigate();
  const state = useLocation().state as Partial<TVerifyOtpState> | null;
  const email = state?.email ?? '';
  const { register, handleSubmit, setValue } = useForm<TVerifyOtpRequest>({
    resolver: zodResolver(ZVerifyOtpRequest),
    defaultValues: { email, otp: '' },
  });
  const otp = register('otp');
  const [error, setError] = useState<string | null>(null);
  const [seconds, setSeconds] = useCountdown(RESEND_COOLDOWN_SECONDS);
  const verify = useVerifyOtp();
  const resend = useResendOtp();

  const onSubmit = handleSubmit(
    async ({ otp }) => {
      setError(null);
      try {
        const outcome = await verify.mutateAsync({ email, otp, remember: state?.remember ?? false });
        toast.success(MESSAGES.loginSuccess);
        await navigate(returnPath(state?.from, outcome.role), { replace: true });
      } catch (err) {
        // Said inline, where the code is typed: a toast would say it twice.
        setError(codeErrorMessage(err));
      }
    },
    () => setError(INVALID_CODE),
  );

  const onResend = async () => {
    setError(null);
    try {
      const response = await resend.mutateAsync({ email });
      toast.info(response?.message || 'A new code has been sent to your email.');
      setSeconds(RESEND_COOLDOWN_SECONDS);
      setValue('otp', '');
    } catch (err) {
      setError(codeErrorMessage(err));
    }
  };

  const backToLogin = (
    <Link to={paths.auth.login} className={`inline-flex items-center gap-1.5 ${authLinkClass}`}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to Login
    </Link>
  );

  if (!email) {
    return (
      <AuthLayout documentTitle="Verify your login" icon={<ShieldCheck aria-hidden="true" />} title="Verify Your Login">
        <FormAlert tone="info">Sign in with your e-mail and password first: we then send you a code to enter here.</FormAlert>
        <div className="mt-6">{backToLogin}</div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      documentTitle="Verify your login"
      icon={<MailCheck aria-hidden="true" />}
      title="Verify Your Login"
      subtitle={
        <>
          We sent a {OTP_LENGTH}-digit code to <EmailText email={email} className="font-semibold break-words text-slate-900" />.
        </>
      }
      footer={backToLogin}
    >
      <form className="space-y-5" onSubmit={onSubmit} noValidate>
        {state?.message && !error && <FormAlert tone="info">{state.message}</FormAlert>}
        {error && <FormAlert>{error}</FormAlert>}
        <Field id="otp-code" label="Verification code" hint="The code expires 10 minutes after it was sent.">
          <input
            id="otp-code"
            {...otp}
            onChange={(event) => {
              event.target.value = event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH);
              return otp.onChange(event);
            }}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={OTP_LENGTH}
            placeholder={'•'.repeat(OTP_LENGTH)}
            // biome-ignore lint/a11y/noAutofocus: the code is the only thing to do on this page
            autoFocus
            className={inputClass({
              invalid: !!error,
              className: 'h-14 text-center font-mono text-2xl tracking-[0.6em] placeholder:tracking-[0.6em] placeholder:text-slate-300',
            })}
          />
        </Field>
        <button type="submit" disabled={verify.isPending} className={buttonClass({ size: 'lg', className: 'w-full' })}>
          {verify.isPending && <Spinner className="text-white [&_svg]:size-5" label="Verifying" />}
          {verify.isPending ? 'Verifying...' : 'Verify and sign in'}
        </button>
        <div className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1 text-sm text-slate-600">
          <span>Didn't get the code?</span>
          <button
            type="button"
            onClick={onResend}
            disabled={seconds > 0 || resend.isPending}
            className="inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:text-brand-800 disabled:cursor-not-allowed disabled:text-slate-400"
          >
            <RotateCw aria-hidden="true" className="size-4" />
            {seconds > 0 ? `Resend code in ${seconds}s` : 'Resend code'}
          </button>
        </div>
      </form>
    </AuthLayout>
  );
}
