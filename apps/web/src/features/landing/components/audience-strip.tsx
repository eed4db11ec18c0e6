import { Building2, FlaskConical, Pill, Stethoscope } from 'lucide-react';

// The four account types customers sign up as.
const audiences = [
  { icon: Stethoscope, label: 'Healthcare providers' },
  { icon: FlaskConical, label: 'Medical laboratories' },
  { icon: Pill, label: 'Pharmacies' },
  { icon: Building2, label: 'Hospitals & clinics' },
] as const;

export function AudienceStrip() {
  return (
    <div className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-5 px-4 py-8 sm:px-6 lg:flex-row lg:justify-between lg:px-8">
        <p className="text-sm font-semibold text-slate-500 lg:shrink-0">Built for the people who keep care moving</p>
        <ul className="grid w-full grid-cols-2 gap-x-6 gap-y-4 sm:flex sm:w-auto sm:flex-wrap sm:justify-center sm:gap-x-8 lg:flex-nowrap lg:justify-end">
          {audiences.map(({ icon: Icon, label }) => (
            <li
              key={label}
              className="flex items-center gap-2.5 text-sm font-semibold whitespace-nowrap text-slate-700 max-sm:whitespace-normal"
            >
              <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              {label}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
