import { COMPANY } from '@courier/contract';
import clsx from 'clsx';
import { ClipboardCheck, Clock, MapPinned, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { CourierIllustration } from './courier-illustration';

const highlights = [
  { icon: MapPinned, text: 'Live tracking from pickup to drop-off' },
  { icon: ShieldCheck, text: 'Chain of custody recorded at every hand-over' },
  { icon: ClipboardCheck, text: 'Proof of delivery with photo and signature' },
];

/** The brand half of the split screen (desktop only). */
function BrandPanel() {
  const weekdays = COMPANY.hours[0];
  return (
    <aside className="relative hidden overflow-hidden bg-gradient-to-br from-brand-700 via-brand-800 to-brand-950 text-white lg:flex lg:flex-col lg:justify-between lg:px-12 lg:py-10 xl:px-16">
      <div aria-hidden="true" className="pointer-events-none absolute -top-24 -right-24 size-80 rounded-full bg-brand-400/20 blur-3xl" />
      <div aria-hidden="true" className="pointer-events-none absolute -bottom-32 -left-16 size-96 rounded-full bg-brand-300/10 blur-3xl" />
      <div className="relative">
        <p className="text-sm font-semibold tracking-widest text-brand-200 uppercase">Medical courier</p>
        <h2 className="mt-3 max-w-lg text-3xl leading-tight font-bold tracking-tight text-balance">
          Specimens, medication and supplies, delivered with care.
        </h2>
        <p className="mt-4 max-w-md text-brand-100/90">
          Book pickups for your practice, lab or pharmacy and follow every parcel until it is signed for.
        </p>
      </div>
      <CourierIllustration className="relative my-8 w-full max-w-md drop-shadow-2xl" />
      <div className="relative">
        <ul className="space-y-3">
          {highlights.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-3 text-[15px] text-brand-50">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-white/10 ring-1 ring-white/15">
                <Icon aria-hidden="true" className="size-4" />
              </span>
              {text}
            </li>
          ))}
        </ul>
        <p className="mt-6 flex items-center gap-2 border-t border-white/10 pt-4 text-sm text-brand-200">
          <Clock aria-hidden="true" className="size-4" />
          Dispatch desk {weekdays.days} {weekdays.hours} · {COMPANY.phone}
        </p>
      </div>
    </aside>
  );
}

/**
 * The account pages' frame: brand panel and form side by side on desktop, the form alone on phones.
 * `icon`, `title` and `subtitle` head the form card; `footer` sits under it (e.g. "New here? Sign up").
 */
export function AuthLayout({
  title,
  subtitle,
  icon,
  children,
  footer,
  wide = false,
  documentTitle,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** A roomier card (the sign-up wizard). */
  wide?: boolean;
  /** The tab title, before ' · MedCourier'. */
  documentTitle: string;
}) {
  return (
    <section className="grid min-h-[calc(100dvh-4rem)] bg-slate-50 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <title>{`${documentTitle} · ${COMPANY.name}`}</title>
      <BrandPanel />
      <div className="flex items-start justify-center px-4 py-8 sm:items-center sm:px-6 sm:py-12 lg:px-10">
        <div className={clsx('w-full', wide ? 'max-w-xl' : 'max-w-md')}>
          <div className="rounded-2xl border border-slate-200/80 bg-white p-6 shadow-xl shadow-slate-900/5 sm:p-8">
            {icon && (
              <div className="mb-5 flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100 [&_svg]:size-6">
                {icon}
              </div>
            )}
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
            {subtitle && <p className="mt-1.5 text-slate-600">{subtitle}</p>}
            <div className="mt-6">{children}</div>
          </div>
          {footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
        </div>
      </div>
    </section>
  );
}

/** A link styled for the auth cards. */
export const authLinkClass = 'font-semibold text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline';
