import clsx from 'clsx';
import { Check, Circle } from 'lucide-react';

export interface TChecklistItem {
  label: string;
  met: boolean;
}

/** The requirements box: each rule with a check mark once the password meets it. */
export function PasswordChecklist({ title, items, className }: { title: string; items: TChecklistItem[]; className?: string }) {
  return (
    <div className={clsx('rounded-lg border border-slate-200 bg-slate-50 px-4 py-3', className)}>
      <p className="text-sm font-semibold text-slate-700">{title}</p>
      <ul className="mt-2 space-y-1.5">
        {items.map((item) => (
          <li key={item.label} className={clsx('flex items-start gap-2 text-sm', item.met ? 'text-emerald-700' : 'text-slate-600')}>
            {item.met ? (
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" strokeWidth={3} />
            ) : (
              <Circle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-300" />
            )}
            <span>
              {item.label}
              <span className="sr-only">{item.met ? ' (met)' : ' (not met yet)'}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
