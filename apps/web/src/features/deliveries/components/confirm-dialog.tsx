import { AlertTriangle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { buttonClass } from '@/components/ui/button';

/** A small modal asking to confirm a destructive step. */
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
  const ref = useRef<HTMLDialogElement>(null);
  const close = () => (typeof ref.current?.close === 'function' ? ref.current.close() : onClose());

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      // Where showModal is missing (old browsers, jsdom) the dialog opens in place instead.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    return () => dialog?.close?.();
  }, []);

  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="confirm-title"
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-0 shadow-xl backdrop:bg-slate-900/40"
    >
      <div className="p-6">
        <div className="flex gap-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-600">
            <AlertTriangle aria-hidden="true" className="size-5" />
          </span>
          <div>
            <h2 id="confirm-title" className="text-base font-semibold text-slate-900">
              {title}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{message}</p>
          </div>
        </div>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={() => close()} className={buttonClass({ variant: 'ghost' })}>
            {cancelLabel}
          </button>
          <button type="button" onClick={onConfirm} disabled={busy} className={buttonClass({ variant: 'danger' })}>
            {busy ? 'Please wait...' : confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
