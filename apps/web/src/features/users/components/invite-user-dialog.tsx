import { zodResolver } from '@hookform/resolvers/zod';
import { ROLE_IDS, type TInviteUserRequest, type TRole, ZInviteUserRequest } from '@courier/contract';
import { UserPlus } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Field, inputClass } from '@/components/ui/form-controls';
import { FormDialog } from '@/components/ui/modal';

type TInviteForm = z.input<typeof ZInviteUserRequest>;

const roleName = (role: TRole) => role.replace('_', ' ').toLowerCase();

/** Invite a staff member or driver: the server e-mails a link that sets the first password. */
export function InviteUserDialog({
  open,
  roles,
  busy,
  onClose,
  onInvite,
}: {
  open: boolean;
  roles: TRole[];
  busy: boolean;
  onClose: () => void;
  onInvite: (body: TInviteUserRequest) => void;
}) {
  const formId = useId();
  const defaults: TInviteForm = {
    email: '',
    firstName: '',
    lastName: '',
    phone: '',
    roleId: ROLE_IDS[roles.includes('DRIVER') ? 'DRIVER' : roles[0]],
  };
  const { register, handleSubmit, reset, formState } = useForm<TInviteForm, unknown, TInviteUserRequest>({
    resolver: zodResolver(ZInviteUserRequest),
    defaultValues: defaults,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time the dialog opens
  useEffect(() => {
    if (open) reset(defaults);
  }, [open]);
  const e = formState.errors;
  const field = (name: keyof TInviteForm, label: string, type = 'text', autoComplete = 'off') => {
    const id = `${formId}-${name}`;
    const error = e[name]?.message;
    return (
      <Field id={id} label={label} error={error}>
        <input id={id} type={type} autoComplete={autoComplete} {...register(name)} className={inputClass({ invalid: !!error })} />
      </Field>
    );
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      icon={<UserPlus aria-hidden="true" className="size-6" />}
      title="Invite a user"
      formId={formId}
      submitLabel="Send invitation"
      busy={busy}
    >
      <form id={formId} noValidate className="space-y-3" onSubmit={handleSubmit(onInvite)}>
        <p>They get an e-mail with a link to set their password. No password travels by e-mail.</p>
        <div className="grid gap-3 sm:grid-cols-2">
          {field('firstName', 'First name')}
          {field('lastName', 'Last name')}
        </div>
        {field('email', 'E-mail', 'email')}
        {field('phone', 'Phone (optional)', 'tel')}
        <Field id={`${formId}-role`} label="Role" error={e.roleId?.message}>
          <select id={`${formId}-role`} {...register('roleId')} className={inputClass()}>
            {roles.map((role) => (
              <option key={role} value={ROLE_IDS[role]}>
                {roleName(role)}
              </option>
            ))}
          </select>
        </Field>
      </form>
    </FormDialog>
  );
}
