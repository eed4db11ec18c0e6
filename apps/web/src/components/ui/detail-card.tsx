import clsx from 'clsx';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A titled card of a delivery page (the customer's and the staff's). */
export function DetailCard({
  title,
  icon: Icon,
  children,
  action,
}: {
  title: string;
  icon: LucideIcon;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <header className="flex items-center gap-2 border-b border-slate-100 px-4 py-3 sm:px-5">
        <Icon aria-hidden="true" className="size-5 text-brand-600" />
        <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
        {action && <div className="ml-auto">{action}</div>}
      </header>
      <div className="px-4 py-4 sm:px-5">{children}</div>
    </section>
  );
}

/** One label/value line of a card; className places it in the card's grid (a wrapper would break the dl). */
export function DetailItem({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={clsx('min-w-0', className)}>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children || <span className="text-slate-400">—</span>}</dd>
    </div>
  );
}
