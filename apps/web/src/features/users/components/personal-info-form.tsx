import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, ORGANISATION_MAX, type TUpdateProfileRequest, ZUpdateProfileRequest } from '@courier/contract';
import { Save } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Field, inputClass } from '@/components/ui/form-controls';
import { errorMessage } from '@/lib/error-message';
import type { TAccountUser } from '../api/get-current-user';
import { useUpdateProfile } from '../api/update-profile';

const valuesOf = (user: Partial<TAccountUser> | undefined): TUpdateProfileRequest => ({
  firstName: user?.firstName ?? '',
  lastName: user?.lastName ?? '',
  phone: user?.phone ?? '',
  organisation: user?.organisation ?? '',
});

/** First name, last name and phone (all required), an optional organisation; the e-mail is shown read-only. */
export function PersonalInfoForm({ user }: { user: Partial<TAccountUser> | undefined }) {
  const form = useForm<TUpdateProfileRequest>({
    resolver: zodResolver(ZUpdateProfileRequest),
    defaultValues: valuesOf(user),
    mode: 'onTouched',
  });
  const { errors, isDirty } = form.formState;
  const update = useUpdateProfile();

  // The server's copy replaces the stored one once it arrives, unless the user started typing.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(valuesOf(user));
  }, [user, form]);

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await update.mutateAsync(input);
      toast.success(MESSAGES.profileUpdated);
      form.reset(input);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.profileUpdateFailed));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="settings-firstName" label="First name" error={errors.firstName?.message}>
          <input
            id="settings-firstName"
            autoComplete="given-name"
            className={inputClass({ invalid: !!errors.firstName })}
            {...form.register('firstName')}
          />
        </Field>
        <Field id="settings-lastName" label="Last name" error={errors.lastName?.message}>
          <input
            id="settings-lastName"
            autoComplete="family-name"
            className={inputClass({ invalid: !!errors.lastName })}
            {...form.register('lastName')}
          />
        </Field>
        <Field id="settings-email" label="Email" hint={MESSAGES.emailReadOnly}>
          <input id="settings-email" type="email" value={user?.email ?? ''} readOnly aria-readonly="true" className={inputClass()} />
        </Field>
        <Field id="settings-phone" label="Phone" error={errors.phone?.message}>
          <input
            id="settings-phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            className={inputClass({ invalid: !!errors.phone })}
            {...form.register('phone')}
          />
        </Field>
        <Field
          id="settings-organisation"
          label="Organisation (optional)"
          hint="Printed on your shipping labels above your name."
          error={errors.organisation?.message}
        >
          <input
            id="settings-organisation"
            autoComplete="organization"
            maxLength={ORGANISATION_MAX}
            placeholder="e.g. Mercy Clinical Lab"
            className={inputClass({ invalid: !!errors.organisation })}
            {...form.register('organisation')}
          />
        </Field>
      </div>
      <div className="flex justify-end gap-3 border-t border-slate-100 pt-5">
        <button
          type="button"
          onClick={() => form.reset(valuesOf(user))}
          disabled={!isDirty || update.isPending}
          className={buttonClass({ variant: 'ghost' })}
        >
          Cancel
        </button>
        <button type="submit" disabled={update.isPending} className={buttonClass()}>
          {update.isPending ? (
            <Spinner className="text-white [&_svg]:size-4" label="Saving" />
          ) : (
            <Save aria-hidden="true" className="size-4" />
          )}
          Save changes
        </button>
      </div>
    </form>
  );
}
