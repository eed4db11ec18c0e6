import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, PASSWORD_RULES, ZChangePasswordRequest } from '@courier/contract';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Field, PasswordInput } from '@/components/ui/form-controls';
import { PasswordChecklist } from '@/components/password-checklist';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { useChangePassword } from '../api/change-password';

/** The contract's change-password request, plus the confirmation, which only the form knows. */
const ZChangePasswordForm = ZChangePasswordRequest.extend({
  confirmPassword: z.string().min(1, 'Please confirm your new password'),
}).refine((form) => form.newPassword === form.confirmPassword, {
  message: MESSAGES.newPasswordMismatch,
  path: ['confirmPassword'],
});
type TChangePasswordForm = z.input<typeof ZChangePasswordForm>;

const EMPTY: TChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Current, new and confirm (each with show/hide), the 'Password must:' list, cleared after success. */
export function ChangePasswordForm() {
  const form = useForm<TChangePasswordForm>({ resolver: zodResolver(ZChangePasswordForm), defaultValues: EMPTY });
  const { errors } = form.formState;
  const newPassword = form.watch('newPassword') ?? '';
  const change = useChangePassword();

  const onSubmit = form.handleSubmit(
    async ({ currentPassword, newPassword }) => {
      try {
        await change.mutateAsync({ currentPassword, newPassword });
        toast.success(MESSAGES.passwordChanged);
        form.reset(EMPTY);
      } catch (err) {
        const message = errorMessage(err, MESSAGES.passwordChangeFailed);
        // The server names the wrong field (currentPassword, newPassword): show it there too.
        const field = isApiError(err) ? (err.data as { field?: string } | undefined)?.field : undefined;
        if (field === 'currentPassword' || field === 'newPassword') form.setError(field, { message }, { shouldFocus: true });
        toast.error(message);
      }
    },
    // A mismatch (the one check the form adds to the contract's) is also said by a toast.
    (invalid) => {
      if (invalid.confirmPassword?.type === 'custom') toast.error(MESSAGES.newPasswordMismatch);
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="space-y-5">
          <Field id="settings-currentPassword" label="Current password" error={errors.currentPassword?.message}>
            <PasswordInput
              id="settings-currentPassword"
              autoComplete="current-password"
              toggleLabel="current password"
              invalid={!!errors.currentPassword}
              {...form.register('currentPassword')}
            />
          </Field>
          <Field id="settings-newPassword" label="New password" error={errors.newPassword?.message}>
            <PasswordInput
              id="settings-newPassword"
              autoComplete="new-password"
              toggleLabel="new password"
              invalid={!!errors.newPassword}
              {...form.register('newPassword')}
            />
          </Field>
          <Field id="settings-confirmPassword" label="Confirm new password" error={errors.confirmPassword?.message}>
            <PasswordInput
              id="settings-confirmPassword"
              autoComplete="new-password"
              toggleLabel="confirm new password"
              invalid={!!errors.confirmPassword}
              {...form.register('confirmPassword')}
            />
          </Field>
        </div>
        <PasswordChecklist
          title="Password must:"
          className="self-start"
          items={PASSWORD_RULES.map((rule) => ({ label: rule.label, met: rule.test(newPassword) }))}
        />
      </div>
      <div className="flex justify-end border-t border-slate-100 pt-5">
        <button type="submit" disabled={change.isPending} className={buttonClass()}>
          {change.isPending ? (
            <Spinner className="text-white [&_svg]:size-4" label="Saving" />
          ) : (
            <KeyRound aria-hidden="true" className="size-4" />
          )}
          Change password
        </button>
      </div>
    </form>
  );
}
