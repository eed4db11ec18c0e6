import { AlertTriangle } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

/** A small modal asking to confirm a destructive step; focus starts on the safe choice. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  cancelLabel = 'Keep it',
  busy = false,
  onConfirm,
  onClose,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      tone="danger"
      icon={<AlertTriangle aria-hidden="true" className="size-6" />}
      actions={
        <>
          <button type="button" data-autofocus onClick={onClose} className={buttonClass({ variant: 'ghost' })}>
            {cancelLabel}
          </button>
          <button type="button" onClick={onConfirm} disabled={busy} className={buttonClass({ variant: 'danger' })}>
            {busy ? 'Please wait...' : confirmLabel}
          </button>
        </>
      }
    >
      <p>{message}</p>
    </Modal>
  );
}
