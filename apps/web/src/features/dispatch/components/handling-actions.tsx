import {
  mayRecordDisposition,
  REJECTION_REASON_LABELS,
  REJECTION_REASONS,
  type TAdminDelivery,
  type TReceiptStatus,
  type TRejectionReason,
} from '@courier/contract';
import { ClipboardCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { inputClass } from '@/components/ui/form-controls';
import { FormDialog } from '@/components/ui/modal';
import { errorMessage } from '@/lib/error-message';
import { useSession } from '@/lib/session';
import { useRecordReceipt } from '../api/record-disposition';
import { DispositionDialog } from './disposition-dialog';

/** Staff's handling moves on one delivery: the disposition of a hold (managers), a receipt the lab phoned in. */
export function HandlingActions({ delivery: d }: { delivery: TAdminDelivery }) {
  const { role } = useSession();
  const [dialog, setDialog] = useState<'disposition' | 'receipt' | null>(null);
  const receiptAllowed = d.status === 'delivered' && !d.receipt;
  if (!(d.hold && mayRecordDisposition(role)) && !receiptAllowed) return null;
  return (
    <span className="flex gap-2">
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
  const [status, setStatus] = useState<TReceiptStatus>('accepted');
  const [reason, setReason] = useState<TRejectionReason>('damaged');
  const [receivedBy, setReceivedBy] = useState('');
  const [error, setError] = useState('');
  const record = useRecordReceipt();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!receivedBy.trim()) return setError('Who received it?');
    record.mutate(
      { id: d._id, body: { status, receivedBy: receivedBy.trim(), ...(status === 'rejected' ? { reason } : {}) } },
      {
        onSuccess: () => {
          toast.success(`#${d.orderId}: receipt recorded`);
          onClose();
        },
        onError: (err) => setError(errorMessage(err, 'Could not record')),
      },
    );
  };
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
      <form id={formId} noValidate onSubmit={submit} className="space-y-3">
        <fieldset className="flex gap-4">
          <legend className="mb-1 text-sm font-medium text-slate-700">The lab says</legend>
          {(['accepted', 'rejected'] as const).map((s) => (
            <label key={s} className="flex items-center gap-2 text-sm">
              <input type="radio" name={`${formId}-s`} checked={status === s} onChange={() => setStatus(s)} className="accent-brand-600" />
              {s === 'accepted' ? 'Received in good condition' : 'Rejected'}
            </label>
          ))}
        </fieldset>
        {status === 'rejected' && (
          <label className="block text-sm font-medium text-slate-700">
            Reason
            <select
              value={reason}
              onChange={(e) => setReason(e.target.value as TRejectionReason)}
              className={inputClass({ className: 'mt-1 h-10' })}
            >
              {REJECTION_REASONS.map((r) => (
                <option key={r} value={r}>
                  {REJECTION_REASON_LABELS[r]}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="block text-sm font-medium text-slate-700">
          Received by
          <input
            data-autofocus
            value={receivedBy}
            onChange={(e) => {
              setReceivedBy(e.target.value);
              setError('');
            }}
            className={inputClass({ invalid: !!error, className: 'mt-1 h-10' })}
          />
        </label>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </form>
    </FormDialog>
  );
}
