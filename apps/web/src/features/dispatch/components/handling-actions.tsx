import {
  line,
  mayRecordDisposition,
  REJECTION_REASON_LABELS,
  REJECTION_REASONS,
  type TAdminDelivery,
  type TReceiptRequest,
  ZReceiptRequest,
} from '@courier/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { ClipboardCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { Field, inputClass } from '@/components/ui/form-controls';
import { FormDialog } from '@/components/ui/modal';
import { errorMessage } from '@/lib/error-message';
import { useSession } from '@/lib/session';
import { useRecordReceipt } from '../api/record-disposition';
import { DispositionDialog, MANAGER_DECIDES } from './disposition-dialog';

/** The contract's request, with the dialog's own words for a missing name. */
const ZReceiptForm = ZReceiptRequest.safeExtend({ receivedBy: line('receivedBy', 120).min(1, 'Who received it?') });
type TReceiptForm = z.input<typeof ZReceiptForm>;
const blankReceipt: TReceiptForm = { status: 'accepted', reason: 'haemolysed', receivedBy: '' };

/** Staff's handling moves on one delivery: the disposition of a hold (managers), a receipt the lab phoned in. */
export function HandlingActions({ delivery: d }: { delivery: TAdminDelivery }) {
  const { role } = useSession();
  const [dialog, setDialog] = useState<'disposition' | 'receipt' | null>(null);
  const receiptAllowed = d.status === 'delivered' && !d.receipt;
  if (!d.hold && !receiptAllowed) return null;
  return (
    <span className="flex flex-wrap items-center gap-2">
      {/* STAFF cannot record a disposition: they are told who does, never shown a button that would fail. */}
      {d.hold && !mayRecordDisposition(role) && <span className="text-xs font-semibold text-slate-700">{MANAGER_DECIDES}</span>}
      {d.hold && mayRecordDisposition(role) && (
        <button type="button" className={buttonClass({ size: 'sm', variant: 'danger' })} onClick={() => setDialog('disposition')}>
          Disposition
        </button>
      )}
      {receiptAllowed && (
        <button type="button" className={buttonClass({ size: 'sm', variant: 'secondary' })} onClick={() => setDialog('receipt')}>
          Record receipt
        </button>
      )}
      <DispositionDialog delivery={d} open={dialog === 'disposition'} onClose={() => setDialog(null)} />
      <ReceiptDialog delivery={d} open={dialog === 'receipt'} onClose={() => setDialog(null)} />
    </span>
  );
}

function ReceiptDialog({ delivery: d, open, onClose }: { delivery: TAdminDelivery; open: boolean; onClose: () => void }) {
  const formId = useId();
  const record = useRecordReceipt();
  const { register, handleSubmit, setError, clearErrors, watch, formState } = useForm<TReceiptForm, unknown, TReceiptRequest>({
    resolver: zodResolver(ZReceiptForm),
    // A message shows until the name is edited, then waits for the next submit (as the check always did).
    reValidateMode: 'onSubmit',
    defaultValues: blankReceipt,
  });
  const status = watch('status');
  const error = formState.errors.receivedBy?.message;
  const commentError = formState.errors.comment?.message;
  const failed = formState.errors.root?.server?.message;
  // The reason travels only with a rejection.
  const submit = ({ status, receivedBy, reason, comment }: TReceiptRequest) =>
    record.mutate(
      { id: d._id, body: { status, receivedBy, ...(status === 'rejected' ? { reason } : {}), ...(comment ? { comment } : {}) } },
      {
        onSuccess: () => {
          toast.success(`#${d.orderId}: receipt recorded`);
          onClose();
        },
        onError: (err) => setError('root.server', { message: errorMessage(err, 'Could not record') }),
      },
    );
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      icon={<ClipboardCheck aria-hidden="true" className="size-6" />}
      title={`Receipt of #${d.orderId}`}
      formId={formId}
      cancelLabel="Close"
      submitLabel="Record receipt"
      busy={record.isPending}
    >
      <form id={formId} noValidate onSubmit={handleSubmit(submit)} className="space-y-3">
        <fieldset className="flex gap-4">
          <legend className="mb-1 text-sm font-medium text-slate-700">The lab says</legend>
          {(['accepted', 'rejected'] as const).map((s) => (
            <label key={s} className="flex items-center gap-2 text-sm">
              <input type="radio" value={s} {...register('status')} className="accent-brand-600" />
              {s === 'accepted' ? 'Received in good condition' : 'Rejected'}
            </label>
          ))}
        </fieldset>
        {status === 'rejected' && (
          <Field id={`${formId}-reason`} label="Reason">
            <select id={`${formId}-reason`} {...register('reason')} className={inputClass({ className: 'h-10' })}>
              {REJECTION_REASONS.map((r) => (
                <option key={r} value={r}>
                  {REJECTION_REASON_LABELS[r]}
                </option>
              ))}
            </select>
          </Field>
        )}
        <Field id={`${formId}-comment`} label="Comment" error={commentError}>
          <textarea
            id={`${formId}-comment`}
            rows={2}
            {...register('comment', { setValueAs: (value) => value || undefined, onChange: () => clearErrors('comment') })}
            className={inputClass({ invalid: !!commentError, className: 'py-2' })}
          />
        </Field>
        <Field id={`${formId}-received-by`} label="Received by" error={error}>
          <input
            id={`${formId}-received-by`}
            data-autofocus
            {...register('receivedBy', {
              onChange: () => {
                clearErrors('receivedBy');
                clearErrors('root.server');
              },
            })}
            className={inputClass({ invalid: !!error, className: 'h-10' })}
          />
        </Field>
        {failed && (
          <p role="alert" className="text-sm text-red-700">
            {failed}
          </p>
        )}
      </form>
    </FormDialog>
  );
}
