import clsx from 'clsx';
import { LoaderCircle, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { buttonClass } from './button';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A centred dialog over a dimmed page: focus moves in (to [data-autofocus] or the first control), stays
 * inside while Tab cycles, Escape or the backdrop or the close button call onClose, and focus returns after.
 */
export function Modal({
  open,
  onClose,
  title,
  icon,
  tone = 'brand',
  children,
  actions,
  closeLabel = 'Close',
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  icon?: ReactNode;
  tone?: 'brand' | 'danger';
  children?: ReactNode;
  actions: ReactNode;
  closeLabel?: string;
}) {
  const titleId = useId();
  const bodyId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const root = panel.current;
    const first = root?.querySelector<HTMLElement>('[data-autofocus]') ?? root?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !root) return;
      const items = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (items.length === 0) return;
      const [head, tail] = [items[0], items[items.length - 1]];
      if (event.shiftKey && document.activeElement === head) {
        event.preventDefault();
        tail.focus();
      } else if (!event.shiftKey && document.activeElement === tail) {
        event.preventDefault();
        head.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-[70] flex items-end justify-center p-4 sm:items-center">
      {/* The dimmed page closes the dialog on click; keyboard users have Escape and the close button. */}
      <div aria-hidden="true" className="absolute inset-0 bg-slate-900/50 backdrop-blur-[2px]" onClick={onClose} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={children ? bodyId : undefined}
        className="relative w-full max-w-md rounded-2xl bg-white p-6 shadow-2xl ring-1 ring-slate-900/5 sm:p-7"
      >
        <button
          type="button"
          onClick={onClose}
          aria-label={closeLabel}
          className="absolute top-3 right-3 flex size-9 items-center justify-center rounded-lg text-slate-400 hover:bg-slate-100 hover:text-slate-600"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
        {icon && (
          <div
            className={clsx(
              'mb-4 flex size-12 items-center justify-center rounded-full',
              tone === 'danger' ? 'bg-red-50 text-red-600 ring-8 ring-red-50/50' : 'bg-brand-50 text-brand-600 ring-8 ring-brand-50/50',
            )}
          >
            {icon}
          </div>
        )}
        <h2 id={titleId} className="pr-8 text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {children && (
          <div id={bodyId} className="mt-2 text-sm leading-6 text-slate-600">
            {children}
          </div>
        )}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{actions}</div>
      </div>
    </div>,
    document.body,
  );
}

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
