import { ArrowRight, BadgeCheck, ClipboardList, PackageCheck, Truck } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { SectionHeading } from './section-heading';

const steps = [
  {
    icon: ClipboardList,
    title: 'Request',
    text: 'Book a pickup online in under a minute: addresses, package type, temperature needs and how fast it has to arrive.',
  },
  {
    icon: PackageCheck,
    title: 'Pick-up & seal',
    text: 'A trained courier collects the package, checks the label and seal, and records the hand-over with time and place.',
  },
  {
    icon: Truck,
    title: 'Tracked transit',
    text: 'Follow the delivery on a live map. Anyone with the tracking number sees its status, never the contents.',
  },
  {
    icon: BadgeCheck,
    title: 'Proof of delivery',
    text: 'The recipient signs, the courier photographs the drop-off, and the chain of custody is closed and kept.',
  },
] as const;

/** Our Process: the four steps every delivery goes through. */
export function ProcessSection() {
  return (
    <section id="process" aria-labelledby="process-title" className="bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="process-title" eyebrow="Our Process" title="From request to signature, every step on record">
          One simple flow for a single STAT specimen or a standing daily route.
        </SectionHeading>

        <ol className="relative mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {/* The line joining the steps on wide screens. */}
          <span
            aria-hidden="true"
            className="absolute top-7 right-[12.5%] left-[12.5%] hidden h-px bg-gradient-to-r from-brand-200 via-brand-400 to-brand-200 lg:block"
          />
          {steps.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="relative flex items-start gap-5 sm:flex-col sm:items-center sm:gap-0 sm:px-2 sm:text-center">
              <span className="relative grid size-14 shrink-0 place-items-center rounded-2xl bg-brand-600 text-white shadow-lg ring-8 shadow-brand-600/25 ring-slate-50">
                <Icon aria-hidden="true" className="size-6" />
                <span className="absolute -top-2 -right-2 grid size-6 place-items-center rounded-full bg-white text-xs font-bold text-brand-700 shadow ring-1 ring-brand-100">
                  {index + 1}
                </span>
              </span>
              <div className="min-w-0 sm:flex sm:flex-col sm:items-center">
                <h3 className="text-lg font-semibold text-slate-900 sm:mt-5">{title}</h3>
                <p className="mt-1 max-w-xs text-sm leading-relaxed text-slate-600 sm:mt-2">{text}</p>
              </div>
            </li>
          ))}
        </ol>

        <div className="mt-12 flex justify-center">
          <Link to={paths.orderDelivery} className={buttonClass({ size: 'lg' })}>
            Make a Request
            <ArrowRight aria-hidden="true" className="size-5" />
          </Link>
        </div>
      </div>
    </section>
  );
}
