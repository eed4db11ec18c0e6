import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, ZResetPasswordRequest } from '@courier/contract';
import { ArrowLeft, KeyRound, LockKeyhole } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
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

/**
 * The contract's token, the new password and its confirmation. The form applies no strength rule (the
 * server applies the sign-up policy and answers with its message); it only wants a password, typed twice.
 */
const ZResetPasswordForm = ZResetPasswordRequest.pick({ token: true })
  .extend({
    newPassword: z.string().min(1, 'New password is required'),
    confirmPassword: z.string(),
  })
  .refine((form) => form.newPassword === form.confirmPassword, { message: MESSAGES.passwordsMismatch, path: ['confirmPassword'] });
type TResetPasswordForm = z.input<typeof ZResetPasswordForm>;

/** /auth/reset-password?token=…: a new password and its confirmation (no strength rule here). */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  // An invitation's link: the account is new and has no old password to replace.
  const welcome = params.get('welcome') === '1';
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<TResetPasswordForm>({
    resolver: zodResolver(ZResetPasswordForm),
    defaultValues: { token, newPassword: '', confirmPassword: '' },
  });
  const [error, setError] = useState<string | null>(token ? null : MESSAGES.resetTokenMissing);
  const reset = useResetPassword();

  const onSubmit = handleSubmit(
    async ({ token, newPassword }) => {
      setError(null);
      try {
        await reset.mutateAsync({ token, newPassword });
        toast.success(MESSAGES.resetSuccess);
        await navigate(paths.auth.login, { replace: true });
      } catch (err) {
        // Said above the form only: a toast would repeat it.
        setError(resetPasswordErrorMessage(err));
      }
    },
    // The token has no field of its own: its problem shows above the form.
    (invalid) => setError(invalid.token?.message ?? null),
  );

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
        <Field id="reset-password" label="New password" error={errors.newPassword?.message}>
          <PasswordInput id="reset-password" autoComplete="new-password" toggleLabel="new password" {...register('newPassword')} />
        </Field>
        <PasswordChecklist title="Your new password needs" items={signupRequirements(watch('newPassword'))} />
        <Field id="reset-confirm" label="Confirm new password" error={errors.confirmPassword?.message}>
          <PasswordInput id="reset-confirm" autoComplete="new-password" toggleLabel="confirm password" {...register('confirmPassword')} />
        </Field>
        <button type="submit" disabled={reset.isPending || !token} className={buttonClass({ size: 'lg', className: 'w-full' })}>
          {reset.isPending ? (
            <Spinner className="text-white [&_svg]:size-5" label="Saving" />
          ) : (
            <LockKeyhole aria-hidden="true" className="size-5" />
          )}
          {welcome ? 'Set password' : 'Reset password'}
        </button>
      </form>
    </AuthLayout>
  );
}
