import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A titled card of the staff delivery page. */
export function Card({ title, icon: Icon, children }: { title: string; icon: LucideIcon; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <header className="flex items-center gap-2 border-b border-slate-100 px-4 py-3">
        <Icon aria-hidden="true" className="size-5 text-brand-600" />
        <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      </header>
      <div className="px-4 py-4">{children}</div>
    </section>
  );
}

/** One label/value line. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children || <span className="text-slate-400">—</span>}</dd>
    </div>
  );
}
