import { MESSAGES, TIMINGS } from '@courier/contract';
import { ArrowLeft, CircleCheck, CircleX, LogIn, MailCheck } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useVerifyEmail, verifyEmailErrorMessage } from '../api/verify-email';
import { AuthLayout } from '../components/auth-layout';

type TVerifyState = { status: 'verifying' } | { status: 'success'; message: string } | { status: 'error'; message: string };

function useVerification(token: string | null): TVerifyState {
  const query = useVerifyEmail(token);
  if (!token) return { status: 'error', message: MESSAGES.verifyTokenMissing };
  if (query.isPending) return { status: 'verifying' };
  if (query.isError) return { status: 'error', message: verifyEmailErrorMessage(query.error) };
  if (query.data?.success === false) return { status: 'error', message: query.data.message || MESSAGES.verifyFailed };
  return { status: 'success', message: query.data?.message || MESSAGES.verifySuccess };
}

/** /auth/verify-email?token=…: verifying, then success (to /auth/login after 3 s) or error. */
export function VerifyEmailPage() {
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token')?.trim() || null;
  const state = useVerification(token);

  useEffect(() => {
    if (state.status !== 'success') return;
    const timer = setTimeout(() => void navigate(paths.auth.login, { replace: true }), TIMINGS.verifyEmailRedirectMs);
    return () => clearTimeout(timer);
  }, [state.status, navigate]);

  return (
    <AuthLayout documentTitle="Verify email" icon={<MailCheck aria-hidden="true" />} title="Email verification">
      {state.status === 'verifying' && (
        <div className="flex flex-col items-center py-6 text-center">
          <Spinner className="[&_svg]:size-10" label="Verifying your email" />
          <p className="mt-4 font-medium text-slate-900">Verifying your email...</p>
          <p className="mt-1 text-sm text-slate-500">This only takes a moment.</p>
        </div>
      )}
      {state.status === 'success' && (
        <div role="status" className="flex flex-col items-center py-2 text-center">
          <span className="flex size-16 items-center justify-center rounded-full bg-emerald-50 text-emerald-600 ring-8 ring-emerald-50/60">
            <CircleCheck aria-hidden="true" className="size-9" />
          </span>
          <p className="mt-5 text-lg font-semibold text-slate-900">{state.message}</p>
          <p className="mt-1 text-sm text-slate-500">Taking you to the login page...</p>
          <Link to={paths.auth.login} replace className={buttonClass({ size: 'lg', className: 'mt-6 w-full' })}>
            <LogIn aria-hidden="true" className="size-5" />
            Go to Login
          </Link>
        </div>
      )}
      {state.status === 'error' && (
        <div role="alert" className="flex flex-col items-center py-2 text-center">
          <span className="flex size-16 items-center justify-center rounded-full bg-red-50 text-red-600 ring-8 ring-red-50/60">
            <CircleX aria-hidden="true" className="size-9" />
          </span>
          <p className="mt-5 text-base font-semibold text-balance text-slate-900">{state.message}</p>
          <p className="mt-2 text-sm text-slate-500">Verification links work once and expire after 24 hours.</p>
          <Link to={paths.auth.login} className={buttonClass({ variant: 'secondary', size: 'lg', className: 'mt-6 w-full' })}>
            <ArrowLeft aria-hidden="true" className="size-5" />
            Back to Login
          </Link>
        </div>
      )}
    </AuthLayout>
  );
}
