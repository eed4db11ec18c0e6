import { CalendarClock, FileLock2, FlaskConical, Pill, Snowflake, Stethoscope, TrendingDown, Zap } from 'lucide-react';
import { SectionHeading } from './section-heading';

const services = [
  {
    icon: FlaskConical,
    title: 'Laboratory specimens',
    text: 'Blood, urine, tissue and pathology samples moved in leak-proof, triple-packaged carriers, from draw site to bench.',
  },
  {
    icon: Pill,
    title: 'Pharmacy & medication',
    text: 'Prescriptions to patients’ homes and restocks between sites, with signature capture and photo proof of delivery.',
  },
  {
    icon: Snowflake,
    title: 'Temperature-controlled',
    text: 'Validated coolers for refrigerated (2–8 °C) and frozen loads, with the temperature noted at every hand-over.',
  },
  {
    icon: Stethoscope,
    title: 'Supplies & equipment',
    text: 'Surgical kits, durable equipment and loaner trays delivered and collected, sized from a small box to a pallet.',
  },
  {
    icon: FileLock2,
    title: 'Records & documents',
    text: 'Sealed, HIPAA-aware handling for charts, films and legal documents: never opened, always signed for.',
  },
  {
    icon: CalendarClock,
    title: 'Scheduled routes',
    text: 'Standing daily or weekly pickups between clinics, labs and hospitals, with the same trained couriers on your route.',
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
