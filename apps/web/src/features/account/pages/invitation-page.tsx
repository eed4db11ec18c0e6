import { MESSAGES, PASSWORD_RULES } from '@courier/contract';
import { Building2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PasswordChecklist } from '@/components/password-checklist';
import { buttonClass } from '@/components/ui/button';
import { Field, FormAlert, inputClass, PasswordInput } from '@/components/ui/form-controls';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { type TLoginState, useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitationPreview } from '../api/get-invitation-preview';
import { useRegisterByInvitation } from '../api/register-by-invitation';

const INVALID = 'This invitation link is invalid, expired or already used';
const linkClass = 'font-semibold text-brand-700 hover:text-brand-800 hover:underline';

const requirements = (password: string) => PASSWORD_RULES.map((rule) => ({ label: rule.label, met: rule.test(password) }));

/**
 * /account/invitation?token=…: the link of an invitation to join a customer account. Someone new chooses their
 * name and password here; someone who already books with us signs in (coming back here) and accepts.
 */
export function InvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const preview = useInvitationPreview(token);
  return (
    <div className="flex justify-center bg-slate-50 px-4 py-10 sm:py-16">
      <title>Invitation · MedCourier</title>
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Building2 aria-hidden="true" className="size-6" />
        </span>
        {!token || preview.isError ? (
          <>
            <h1 className="mt-4 text-xl font-bold text-slate-900">Invitation</h1>
            <FormAlert className="mt-4">{token ? errorMessage(preview.error, INVALID) : INVALID}</FormAlert>
            <p className="mt-4 text-sm text-slate-600">
              Ask the account's owner for a new invitation, or{' '}
              <Link to={paths.auth.login} className={linkClass}>
                sign in
              </Link>
              .
            </p>
          </>
        ) : preview.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner label="Loading the invitation" />
          </div>
        ) : (
          <>
            <h1 className="mt-4 text-xl font-bold break-words text-slate-900">Join {preview.data.data.accountName}</h1>
            <p className="mt-2 text-sm text-slate-600">
              {preview.data.data.invitedBy ?? 'MedCourier'} invited{' '}
              <span className="font-medium break-all text-slate-900">{preview.data.data.email}</span> as{' '}
              {preview.data.data.role === 'owner' ? 'an owner' : 'a member'}. Deliveries you book will be billed to{' '}
              {preview.data.data.accountName}.
            </p>
            {preview.data.data.existingUser ? (
              <AcceptInvitation token={token} email={preview.data.data.email} />
            ) : (
              <SetPassword token={token} email={preview.data.data.email} />
            )}
          </>
        )}
      </div>
    </div>
  );
}

function AcceptInvitation({ token, email }: { token: string; email: string }) {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const [error, setError] = useState<string | null>(null);
  if (!session.user) {
    const state: TLoginState = { from: { pathname: location.pathname, search: location.search } };
    return (
      <div className="mt-6">
        <p className="text-sm text-slate-600">You already have a MedCourier sign-in. Sign in with {email}, then accept.</p>
        <Link to={paths.auth.login} state={state} className={buttonClass({ size: 'lg', className: 'mt-4 w-full' })}>
          Sign in to accept
        </Link>
      </div>
    );
  }
  return (
    <div className="mt-6">
      {error && <FormAlert className="mb-4">{error}</FormAlert>}
      <p className="text-sm text-slate-600">
        Deliveries you booked before stay billed to your current account. If you are its only owner and others book there, make someone else
        owner first.
      </p>
      <button
        type="button"
        className={buttonClass({ size: 'lg', className: 'mt-4 w-full' })}
        disabled={accept.isPending}
        onClick={() =>
          accept.mutate(token, {
            onSuccess: (res) => {
              toast.success(res.message);
              navigate(paths.account);
            },
            onError: (e) => setError(errorMessage(e, 'The invitation could not be accepted')),
          })
        }
      >
        Accept the invitation
      </button>
    </div>
  );
}

function SetPassword({ token, email }: { token: string; email: string }) {
  const navigate = useNavigate();
  const register = useRegisterByInvitation();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mismatch = confirm !== '' && confirm !== password;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (password !== confirm) return setError(MESSAGES.passwordsMismatch);
    register.mutate(
      { token, firstName: firstName.trim(), lastName: lastName.trim(), password },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          navigate(paths.auth.login);
        },
        onError: (e) => setError(errorMessage(e, 'Your password could not be set')),
      },
    );
  };
  return (
    <form className="mt-6 space-y-4" onSubmit={onSubmit} noValidate>
      {error && <FormAlert>{error}</FormAlert>}
      <p className="text-sm text-slate-600">
        You will sign in as <span className="font-medium break-all text-slate-900">{email}</span>.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="inv-first" label="First name" marker="required">
          <input className={inputClass()} autoComplete="given-name" value={firstName} onChange={(e) => setFirstName(e.target.value)} />
        </Field>
        <Field id="inv-last" label="Last name" marker="required">
          <input className={inputClass()} autoComplete="family-name" value={lastName} onChange={(e) => setLastName(e.target.value)} />
        </Field>
      </div>
      <Field id="inv-password" label="Password" marker="required">
        <PasswordInput autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </Field>
      <PasswordChecklist title="Your password needs" items={requirements(password)} />
      <Field id="inv-confirm" label="Confirm password" marker="required" error={mismatch ? MESSAGES.passwordsMismatch : undefined}>
        <PasswordInput
          autoComplete="new-password"
          toggleLabel="confirm password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
      </Field>
      <button
        type="submit"
        className={buttonClass({ size: 'lg', className: 'w-full' })}
        disabled={register.isPending || !firstName.trim() || !lastName.trim() || !password}
      >
        Set my password and join
      </button>
    </form>
  );
}
