import clsx from 'clsx';
import type { ReactNode } from 'react';

/** One section of account settings: an icon, a title and a line of explanation above its form. */
export function SettingsCard({
  id,
  icon,
  title,
  description,
  tone = 'default',
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  description: ReactNode;
  tone?: 'default' | 'danger';
  children: ReactNode;
}) {
  const danger = tone === 'danger';
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={clsx('scroll-mt-24 rounded-2xl border bg-white shadow-sm', danger ? 'border-red-200' : 'border-slate-200')}
      id={id}
    >
      <header className={clsx('flex items-start gap-4 border-b px-5 py-4 sm:px-6', danger ? 'border-red-100' : 'border-slate-100')}>
        <span
          className={clsx(
            'flex size-10 shrink-0 items-center justify-center rounded-xl ring-1 [&_svg]:size-5',
            danger ? 'bg-red-50 text-red-600 ring-red-100' : 'bg-brand-50 text-brand-600 ring-brand-100',
          )}
        >
          {icon}
        </span>
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          <p className="mt-0.5 text-sm text-slate-500">{description}</p>
        </div>
      </header>
      <div className="px-5 py-5 sm:px-6 sm:py-6">{children}</div>
    </section>
  );
}
