import { Keyboard } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { JOB_SHORTCUTS } from '../lib/use-job-shortcuts';

/** The keyboard shortcuts of the board and the list, behind "?". */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      icon={<Keyboard aria-hidden="true" className="size-6" />}
      title="Keyboard shortcuts"
      actions={
        <button type="button" className={buttonClass()} onClick={onClose} data-autofocus>
          Done
        </button>
      }
    >
      <p className="mb-3">They work whenever you are not typing in a field.</p>
      <dl className="divide-y divide-slate-100">
        {JOB_SHORTCUTS.map((s) => (
          <div key={s.does} className="flex items-center justify-between gap-4 py-1.5">
            <dt className="flex shrink-0 gap-1">
              {s.keys.map((k, i) => (
                <span key={k}>
                  {i > 0 && <span className="sr-only"> or </span>}
                  <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-800">{k}</kbd>
                </span>
              ))}
            </dt>
            <dd className="text-right text-slate-700">{s.does}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
