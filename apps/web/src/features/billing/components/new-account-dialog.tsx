import { zodResolver } from '@hookform/resolvers/zod';
import { ZCreateAccountRequest } from '@courier/contract';
import { Building2 } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { Field, inputClass } from '@/components/ui/form-controls';
import { FormDialog } from '@/components/ui/modal';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useCreateAccount } from '../api/create-account';
import { AccountFields, type TAccountForm, toPatch, ZAccountForm } from './account-dialog';

const ZNewAccountForm = ZAccountForm.extend({ ownerEmail: ZCreateAccountRequest.shape.ownerEmail });
type TNewAccountForm = TAccountForm & { ownerEmail: string };

const EMPTY: TNewAccountForm = {
  name: '',
  billingEmail: '',
  billingAddress: '',
  paymentTermsDays: '30',
  creditLimit: '',
  creditPolicy: 'warn',
  rateCardId: '',
  poRequired: false,
  ownerEmail: '',
};

/** The server's field names as this form's. */
const FORM_FIELD: Record<string, keyof TNewAccountForm> = {
  name: 'name',
  billingEmail: 'billingEmail',
  billingAddress: 'billingAddress',
  paymentTermsDays: 'paymentTermsDays',
  creditLimitCents: 'creditLimit',
  creditPolicy: 'creditPolicy',
  rateCardId: 'rateCardId',
  ownerEmail: 'ownerEmail',
};

/**
 * An administrator opens an account by hand: its billing details, terms, credit and rate card, and the e-mail of
 * its first owner, who is invited (a new person sets a password through the link, an existing customer accepts).
 */
export function NewAccountDialog({
  open,
  rateCards,
  onClose,
}: {
  open: boolean;
  rateCards: { _id: string; name: string }[];
  onClose: () => void;
}) {
  const formId = useId();
  const create = useCreateAccount();
  const { register, handleSubmit, reset, setError, formState } = useForm<TNewAccountForm>({
    resolver: zodResolver(ZNewAccountForm),
    defaultValues: EMPTY,
  });
  useEffect(() => {
    if (open) reset(EMPTY);
  }, [open, reset]);
  const id = (name: string) => `${formId}-${name}`;
  const e = formState.errors;

  const submit = (f: TNewAccountForm) =>
    create.mutate(
      { ...toPatch(f), ownerEmail: f.ownerEmail },
      {
        onSuccess: (res) => {
          toast.success(`${res.data.name} opened; ${f.ownerEmail} is invited as its owner`);
          onClose();
        },
        onError: (err) => {
          // By the contract's code: a 400 naming a field puts its message under that field; a 409 (the owner's
          // e-mail is staff's or a driver's) under the owner's e-mail; anything else is a toast.
          if (isApiError(err) && err.code === 'BAD_REQUEST' && err.field && FORM_FIELD[err.field]) {
            const message = (err.fieldMessage ?? errorMessage(err, 'Check this field')).replace(/^[\w.]+: /, '');
            return setError(FORM_FIELD[err.field], { message }, { shouldFocus: true });
          }
          if (isApiError(err) && err.code === 'CONFLICT')
            return setError('ownerEmail', { message: errorMessage(err, 'This e-mail cannot own an account') }, { shouldFocus: true });
          toast.error(errorMessage(err, 'Could not open the account'));
        },
      },
    );

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      icon={<Building2 aria-hidden="true" className="size-6" />}
      title="New account"
      formId={formId}
      submitLabel="Open account"
      busy={create.isPending}
    >
      <form id={formId} noValidate className="space-y-3" onSubmit={handleSubmit(submit)}>
        <AccountFields id={id} register={register} errors={e} rateCards={rateCards} />
        <Field
          id={id('ownerEmail')}
          label="Owner's e-mail"
          hint="We e-mail them an invitation: a new person sets a password, an existing customer accepts it signed in."
          error={e.ownerEmail?.message}
        >
          <input
            id={id('ownerEmail')}
            type="email"
            autoComplete="off"
            {...register('ownerEmail')}
            className={inputClass({ invalid: !!e.ownerEmail })}
          />
        </Field>
      </form>
    </FormDialog>
  );
}
