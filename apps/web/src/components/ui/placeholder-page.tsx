import { COMPANY } from '@courier/contract';
import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';

/** Stand-in for a page still being built: its title and a plain note, nothing that pretends to work. */
export function PlaceholderPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <title>{`${title} · ${COMPANY.name}`}</title>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-4 flex items-center gap-2 text-slate-600">
        <Construction aria-hidden="true" className="size-5 text-brand-600" />
        Coming soon.
      </p>
      {children}
    </section>
  );
}
