import { zodResolver } from '@hookform/resolvers/zod';
import { type TStaffCancelRequest, ZStaffCancelRequest } from '@courier/contract';
import { XCircle } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { Field, inputClass } from '@/components/ui/form-controls';
import { FormDialog } from '@/components/ui/modal';

/** Staff cancel with a reason (kept on the delivery and in the custody trail). */
export function CancelDialog({
  open,
  orderId,
  title,
  busy,
  onClose,
  onCancel,
  afterPickup = false,
}: {
  open: boolean;
  orderId: string;
  /** Instead of "Cancel #orderId?" (e.g. for several jobs). */
  title?: string;
  busy: boolean;
  /** The parcel is with the driver: the cancel sends it back to the sender. */
  afterPickup?: boolean;
  onClose: () => void;
  onCancel: (reason: string) => void;
}) {
  const formId = useId();
  const fieldId = useId();
  const { register, handleSubmit, reset, formState } = useForm<TStaffCancelRequest>({
    resolver: zodResolver(ZStaffCancelRequest),
    defaultValues: { reason: '' },
  });
  useEffect(() => {
    if (open) reset({ reason: '' });
  }, [open, reset]);
  const error = formState.errors.reason?.message;

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      tone="danger"
      icon={<XCircle aria-hidden="true" className="size-6" />}
      title={title ?? `Cancel #${orderId}?`}
      formId={formId}
      cancelLabel="Keep it"
      submitLabel="Cancel delivery"
      busy={busy}
    >
      <form id={formId} noValidate onSubmit={handleSubmit(({ reason }) => onCancel(reason))}>
        <p className="mb-3">
          {afterPickup
            ? 'The parcel is already picked up: the driver takes it back to the sender and records the hand-back. The customer is told.'
            : 'The customer is told. This cannot be undone.'}
        </p>
        <Field id={fieldId} label="Reason" error={error}>
          <textarea
            id={fieldId}
            data-autofocus
            rows={3}
            maxLength={500}
            {...register('reason')}
            className={inputClass({ invalid: !!error, className: 'h-auto py-2' })}
          />
        </Field>
      </form>
    </FormDialog>
  );
}
