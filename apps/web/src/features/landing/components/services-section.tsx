import { FileLock2, FlaskConical, Pill, Snowflake, Stethoscope, TrendingDown, Zap } from 'lucide-react';
import { SectionHeading } from './section-heading';

// What the product does today: every line here is a feature a customer can book or see.
const services = [
  {
    icon: FlaskConical,
    title: 'Laboratory specimens',
    text: 'Book a specimen with its collection time and stability: we show its deadline, check UN3373 packaging at pickup, and the lab confirms receipt online.',
  },
  {
    icon: Pill,
    title: 'Pharmacy & medication',
    text: 'Signature and photo proof of delivery; a controlled substance is handed over only after a photo ID check.',
  },
  {
    icon: Snowflake,
    title: 'Temperature-controlled',
    text: 'Refrigerated (2–8 °C), frozen (-25 to -10 °C) or room temperature (20–25 °C): the temperature is recorded at pickup, on the way and at hand-over, and a reading out of range stops the delivery until we decide.',
  },
  {
    icon: Zap,
    title: 'STAT runs',
    text: 'Urgent samples are picked up within 60 minutes of approval, shown first to dispatch, and escalated to a manager if no driver is assigned within 15 minutes.',
  },
  {
    icon: Stethoscope,
    title: 'Supplies & equipment',
    text: 'Surgical kits and equipment from a small box up to loads over 50 kg, with live tracking from pickup to drop-off.',
  },
  {
    icon: FileLock2,
    title: 'Records & documents',
    text: 'Charts, films and legal documents with proof of delivery and a tamper-evident chain of custody you can download.',
  },
] as const;

// How soon a delivery arrives, by the delivery type chosen when booking.
const speeds = [
  { name: 'Same day', detail: 'Delivered by 6 pm when booked before 2 pm' },
  { name: 'Express', detail: 'Within 4 business hours' },
  { name: 'Next day', detail: 'By noon the next business day' },
  { name: 'Standard', detail: 'Within 2 business days' },
] as const;

/** Services: what we carry, how fast, and the savings figure. */
export function ServicesSection() {
  return (
    <section id="services" aria-labelledby="services-title" className="bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="services-title" eyebrow="Services" title="Courier services built around patient care">
          Whatever has to move between your sites, we carry it with the care, speed and paperwork healthcare demands.
        </SectionHeading>

        <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {services.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="group rounded-2xl border border-slate-200 bg-white p-6 transition hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-lg hover:shadow-brand-900/5"
            >
              <span className="grid size-12 place-items-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100 transition-colors group-hover:bg-brand-600 group-hover:text-white">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{text}</p>
            </li>
          ))}
        </ul>

        <div className="mt-16 grid overflow-hidden rounded-3xl bg-slate-900 text-white lg:grid-cols-[1.4fr_1fr]">
          <div className="p-8 sm:p-10">
            <h3 className="flex items-center gap-2 text-lg font-semibold">
              <Zap aria-hidden="true" className="size-5 text-brand-300" />
              Delivery speeds for every situation
            </h3>
            <dl className="mt-6 grid gap-4 sm:grid-cols-2">
              {speeds.map((speed) => (
                <div key={speed.name} className="rounded-xl bg-white/5 p-4 ring-1 ring-white/10">
                  <dt className="font-semibold text-white">{speed.name}</dt>
                  <dd className="mt-1 text-sm text-slate-300">{speed.detail}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-5 text-xs text-slate-400">Business hours are Monday to Friday, 8 am to 6 pm. Need it sooner? Call us.</p>
          </div>
          <div className="relative flex flex-col justify-center bg-gradient-to-br from-brand-600 to-brand-800 p-8 sm:p-10">
            <TrendingDown aria-hidden="true" className="absolute top-8 right-8 size-16 text-white/10" />
            <p className="text-6xl font-bold tracking-tight">32%</p>
            <p className="mt-2 text-lg font-semibold">average savings</p>
            <p className="mt-3 text-sm leading-relaxed text-brand-100">
              versus other shipping companies, by pooling routes across nearby practices instead of sending a dedicated vehicle for every
              run.
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
