import type { ReactNode } from 'react';

/** The frame of a customer's money page: a title, a line on what it is, the content. */
export function CustomerFrame({ title, intro, tools, children }: { title: string; intro: string; tools?: ReactNode; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <title>{`${title} · MedCourier`}</title>
      <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          <p className="text-sm text-slate-600">{intro}</p>
        </div>
        {tools}
      </div>
      {children}
    </section>
  );
}
