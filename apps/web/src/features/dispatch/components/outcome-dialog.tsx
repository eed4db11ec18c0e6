import clsx from 'clsx';
import { ListChecks } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

export interface TOutcomeRow {
  id: string;
  label: string;
  ok: boolean;
  text: string;
}

/** One summary of a batch (bulk move or auto-assign): each job refused with why, and what became of the others. */
export function OutcomeDialog({ title, rows, onClose }: { title: string; rows: TOutcomeRow[] | null; onClose: () => void }) {
  const refused = rows?.filter((r) => !r.ok) ?? [];
  const done = rows?.filter((r) => r.ok) ?? [];
  return (
    <Modal
      open={rows !== null}
      onClose={onClose}
      icon={<ListChecks aria-hidden="true" className="size-6" />}
      title={title}
      actions={
        <button type="button" className={buttonClass()} onClick={onClose} data-autofocus>
          Done
        </button>
      }
    >
      {/* Scrolls on its own: a tab stop, so a keyboard can scroll it too. */}
      <ul
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (WCAG 2.1.1)
        tabIndex={0}
        className="max-h-80 space-y-2 overflow-y-auto pr-1 focus-visible:outline-2 focus-visible:outline-brand-600"
        aria-label="Result per job"
      >
        {[...refused, ...done].map((r) => (
          <li
            key={r.id}
            className={clsx('rounded-lg border px-3 py-2', r.ok ? 'border-emerald-200 bg-emerald-50' : 'border-red-200 bg-red-50')}
          >
            <span className={clsx('font-mono text-sm font-semibold', r.ok ? 'text-emerald-900' : 'text-red-900')}>{r.label}</span>{' '}
            <span className={clsx('text-xs font-bold uppercase', r.ok ? 'text-emerald-800' : 'text-red-800')}>
              {r.ok ? 'Done' : 'Refused'}
            </span>
            <span className="sr-only">: </span>
            <span className="block text-sm text-slate-800">{r.text}</span>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
