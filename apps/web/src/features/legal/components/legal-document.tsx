import { COMPANY } from '@courier/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export interface TLegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A legal page: title, last-updated date, contents list and numbered sections. */
export function LegalDocument({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  /** e.g. 'November 20, 2026' */
  updated: string;
  intro: ReactNode;
  sections: readonly TLegalSection[];
}) {
  return (
    <article className="bg-white">
      <title>{`${title} · ${COMPANY.name}`}</title>
      <header className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
          <nav aria-label="Breadcrumb" className="text-sm text-slate-500">
            <Link to={paths.home} className="hover:text-brand-700">
              Home
            </Link>
            <span aria-hidden="true" className="mx-2">
              /
            </span>
            <span className="text-slate-700">{title}</span>
          </nav>
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          <p className="mt-3 text-sm text-slate-500">
            Last updated: <time>{updated}</time>
          </p>
          <div className="mt-6 max-w-3xl text-lg leading-relaxed text-pretty text-slate-600">{intro}</div>
        </div>
      </header>

      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[16rem_1fr] lg:gap-14 lg:px-8 lg:py-16">
        <nav aria-label="Contents" className="lg:sticky lg:top-24 lg:self-start">
          <h2 className="text-xs font-semibold tracking-widest text-slate-500 uppercase">Contents</h2>
          <ol className="mt-3 space-y-1 border-l border-slate-200 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="-ml-px block border-l border-transparent py-1 pl-4 text-slate-600 hover:border-brand-500 hover:text-brand-700"
                >
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="min-w-0 max-w-3xl text-[0.95rem] leading-relaxed text-slate-700 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline-offset-2 hover:[&_a]:underline [&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:mt-1.5 [&_p]:mt-3 [&_strong]:font-semibold [&_strong]:text-slate-900 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5 [&_ul]:marker:text-brand-500">
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24 not-first:mt-12">
              <h2 id={`${section.id}-title`} className="text-xl font-semibold tracking-tight text-slate-900">
                <span className="mr-2 text-brand-600">{index + 1}.</span>
                {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}

/** How to reach the company, used at the end of both legal pages. */
export function CompanyContact() {
  const tel = `tel:${COMPANY.phone.replace(/[^\d+]/g, '')}`;
  return (
    <address className="mt-4 rounded-2xl border border-slate-200 bg-slate-50 p-5 not-italic">
      <strong className="block">{COMPANY.name}</strong>
      <span className="block">{COMPANY.address}</span>
      <span className="mt-2 block">
        Phone: <a href={tel}>{COMPANY.phone}</a>
      </span>
      <span className="block">
        E-mail: <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
      </span>
      <span className="block">Website: {COMPANY.website}</span>
      <span className="mt-2 block text-sm text-slate-500">
        {COMPANY.hours.map((entry) => `${entry.days}: ${entry.hours}`).join(' · ')} (Eastern Time)
      </span>
    </address>
  );
}

/** Both pages show the same date: they were reviewed together. */
export const LEGAL_LAST_UPDATED = 'November 20, 2026';
