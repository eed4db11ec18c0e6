import { Check, Lock, MapPin, Thermometer, Truck } from 'lucide-react';

const timeline = [
  { label: 'Picked up', detail: 'Cambridge, MA · signed by lab courier', time: '9:42 am', done: true },
  { label: 'In transit', detail: 'Cooler at 4.1 °C · seal intact', time: '9:51 am', done: true },
  { label: 'Delivered', detail: 'Proof of delivery on arrival', time: 'ETA 10:25 am', done: false },
] as const;

/** An illustration of what customers see for a live delivery; sample data, hidden from screen readers. */
export function HeroDeliveryCard() {
  return (
    <figure className="relative mx-auto w-full max-w-md lg:max-w-none">
      <figcaption className="sr-only">Example of a tracked specimen delivery with its chain of custody</figcaption>
      <div aria-hidden="true" className="relative">
        <div className="absolute -inset-4 -z-10 rounded-[2rem] bg-brand-400/20 blur-2xl" />
        <div className="rounded-2xl bg-white p-5 text-slate-900 shadow-2xl ring-1 shadow-brand-950/40 ring-white/10 sm:p-6 sm:pb-10">
          <div className="flex items-start justify-between gap-4">
            <div>
              <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Tracking number</p>
              <p className="mt-1 font-mono text-base font-semibold tracking-wider">MC7Q2K9X4T1A</p>
            </div>
            <span className="inline-flex items-center gap-1.5 rounded-full bg-blue-50 px-2.5 py-1 text-xs font-semibold text-blue-700 ring-1 ring-blue-600/20">
              <span className="size-1.5 animate-pulse rounded-full bg-blue-600" />
              in transit
            </span>
          </div>

          <div className="mt-5 grid grid-cols-[auto_1fr] gap-x-3 rounded-xl bg-slate-50 p-4 text-sm">
            <span className="flex flex-col items-center pt-1">
              <span className="size-2.5 rounded-full bg-brand-600 ring-4 ring-brand-100" />
              <span className="my-1 w-px flex-1 border-l-2 border-dashed border-slate-300" />
              <MapPin className="size-4 text-rose-500" />
            </span>
            <span className="flex flex-col gap-4">
              <span>
                <span className="block text-xs text-slate-500">Pick-up</span>
                <span className="font-medium">Riverside Family Clinic</span>
              </span>
              <span>
                <span className="block text-xs text-slate-500">Drop-off</span>
                <span className="font-medium">Northeast Diagnostics Laboratory</span>
              </span>
            </span>
          </div>

          <div className="mt-4 grid grid-cols-3 gap-2 text-center text-xs">
            <span className="rounded-lg border border-slate-200 px-2 py-2.5">
              <Truck className="mx-auto size-4 text-brand-600" />
              <span className="mt-1 block font-semibold text-slate-900">STAT</span>
              <span className="text-slate-500">same day</span>
            </span>
            <span className="rounded-lg border border-slate-200 px-2 py-2.5">
              <Thermometer className="mx-auto size-4 text-brand-600" />
              <span className="mt-1 block font-semibold text-slate-900">2–8 °C</span>
              <span className="text-slate-500">refrigerated</span>
            </span>
            <span className="rounded-lg border border-slate-200 px-2 py-2.5">
              <Lock className="mx-auto size-4 text-brand-600" />
              <span className="mt-1 block font-semibold text-slate-900">Sealed</span>
              <span className="text-slate-500">tamper-evident</span>
            </span>
          </div>

          <ol className="mt-5 space-y-3.5">
            {timeline.map((step) => (
              <li key={step.label} className="flex items-start gap-3 text-sm">
                <span
                  className={
                    step.done
                      ? 'mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-emerald-500 text-white'
                      : 'mt-0.5 size-5 shrink-0 rounded-full border-2 border-dashed border-slate-300'
                  }
                >
                  {step.done ? <Check className="size-3" strokeWidth={3} /> : null}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="flex justify-between gap-2">
                    <span className={step.done ? 'font-semibold' : 'font-semibold text-slate-500'}>{step.label}</span>
                    <span className="shrink-0 text-xs text-slate-500">{step.time}</span>
                  </span>
                  <span className="block text-xs text-slate-500">{step.detail}</span>
                </span>
              </li>
            ))}
          </ol>
        </div>

        <div className="absolute -bottom-7 left-6 hidden items-center gap-3 rounded-xl bg-brand-500 px-4 py-3 text-white shadow-xl ring-4 shadow-brand-950/30 ring-white sm:flex">
          <p className="text-2xl font-bold">32%</p>
          <p className="text-xs leading-tight text-brand-50">
            average savings versus
            <br />
            other shipping companies
          </p>
        </div>
      </div>
    </figure>
  );
}
