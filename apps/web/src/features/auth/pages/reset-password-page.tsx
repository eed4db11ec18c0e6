import { MESSAGES } from '@courier/contract';
import { ArrowLeft, KeyRound, LockKeyhole } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { resetPasswordErrorMessage, useResetPassword } from '../api/reset-password';
import { AuthLayout, authLinkClass } from '../components/auth-layout';
import { Field, FormAlert, PasswordInput } from '@/components/ui/form-controls';
import { PasswordChecklist } from '@/components/password-checklist';
import { signupRequirements } from '../lib/signup-form';

const backToLogin = (
  <Link to={paths.auth.login} className={`inline-flex items-center gap-1.5 ${authLinkClass}`}>
    <ArrowLeft aria-hidden="true" className="size-4" />
    Back to Login
  </Link>
);

/** /auth/reset-password?token=…: a new password and its confirmation (no strength rule here). */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  // An invitation's link: the account is new and has no old password to replace.
  const welcome = params.get('welcome') === '1';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [confirmError, setConfirmError] = useState<string | undefined>();
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(token ? null : MESSAGES.resetTokenMissing);
  const reset = useResetPassword();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!token) return setError(MESSAGES.resetTokenMissing);
    setPasswordError(password ? undefined : 'New password is required');
    if (!password) return;
    if (password !== confirm) return setConfirmError(MESSAGES.passwordsMismatch);
    setConfirmError(undefined);
    try {
      await reset.mutateAsync({ token, newPassword: password });
      toast.success(MESSAGES.resetSuccess);
      await navigate(paths.auth.login, { replace: true });
    } catch (err) {
      const message = resetPasswordErrorMessage(err);
      setError(message);
      toast.error(message);
    }
  };

  return (
    <AuthLayout
      documentTitle={welcome ? 'Set your password' : 'Reset password'}
      icon={<KeyRound aria-hidden="true" />}
      title={welcome ? 'Set your password' : 'Choose a new password'}
      subtitle={
        welcome
          ? 'Welcome to MedCourier. Choose the password for your new account, then sign in with it.'
          : 'Your new password replaces the old one and signs you out on every device.'
      }
      footer={backToLogin}
    >
      <form className="space-y-5" onSubmit={onSubmit} noValidate>
        {error && (
          <FormAlert>
            {error}
            {!token && (
              <Link to={paths.auth.requestPassword} className="mt-1 block font-semibold underline underline-offset-2">
                Request a new reset link
              </Link>
            )}
          </FormAlert>
        )}
        <Field id="reset-password" label="New password" error={passwordError}>
          <PasswordInput
            id="reset-password"
            autoComplete="new-password"
            toggleLabel="new password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            invalid={!!passwordError}
          />
        </Field>
        <PasswordChecklist title="Your new password needs" items={signupRequirements(password)} />
        <Field id="reset-confirm" label="Confirm new password" error={confirmError}>
          <PasswordInput
            id="reset-confirm"
            autoComplete="new-password"
            toggleLabel="confirm password"
            value={confirm}
            onChange={(event) => {
              setConfirm(event.target.value);
              if (confirmError) setConfirmError(undefined);
            }}
            invalid={!!confirmError}
          />
        </Field>
        <button type="submit" disabled={reset.isPending || !token} className={buttonClass({ size: 'lg', className: 'w-full' })}>
          {reset.isPending ? (
            <Spinner className="text-white [&_svg]:size-5" label="Saving" />
          ) : (
            <LockKeyhole aria-hidden="true" className="size-5" />
          )}
          Reset password
        </button>
      </form>
    </AuthLayout>
  );
}
