import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClass } from './button';
import { Modal } from './modal';

/**
 * A dialog's two buttons: the one that leaves it, and the one that does it (the submit button of the form
 * named by formId, or a plain button calling onConfirm), spinning and disabled while busy.
 */
export function DialogButtons({
  cancelLabel = 'Cancel',
  onCancel,
  submitLabel,
  busy,
  disabled = false,
  tone = 'brand',
  formId,
  onConfirm,
}: {
  cancelLabel?: string;
  onCancel: () => void;
  submitLabel: ReactNode;
  busy: boolean;
  disabled?: boolean;
  tone?: 'brand' | 'danger';
  formId?: string;
  onConfirm?: () => void;
}) {
  return (
    <>
      <button type="button" className={buttonClass({ variant: 'secondary' })} onClick={onCancel}>
        {cancelLabel}
      </button>
      <button
        type={formId ? 'submit' : 'button'}
        form={formId}
        onClick={onConfirm}
        className={buttonClass(tone === 'danger' ? { variant: 'danger' } : {})}
        disabled={busy || disabled}
      >
        {busy && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
        {submitLabel}
      </button>
    </>
  );
}

/** A dialog around one form (rendered as its children with id formId), with Cancel and the form's submit button. */
export function FormDialog({
  open,
  onClose,
  icon,
  title,
  tone,
  formId,
  cancelLabel,
  submitLabel,
  busy,
  children,
}: {
  open: boolean;
  onClose: () => void;
  icon: ReactNode;
  title: ReactNode;
  tone?: 'brand' | 'danger';
  formId: string;
  cancelLabel?: string;
  submitLabel: ReactNode;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      tone={tone}
      icon={icon}
      title={title}
      actions={
        <DialogButtons cancelLabel={cancelLabel} onCancel={onClose} submitLabel={submitLabel} busy={busy} tone={tone} formId={formId} />
      }
    >
      {children}
    </Modal>
  );
}
