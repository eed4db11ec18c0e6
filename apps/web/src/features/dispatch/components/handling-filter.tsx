import type { TAdminHandlingFilter } from '@courier/contract';
import clsx from 'clsx';

const FILTERS: { value: TAdminHandlingFilter | undefined; label: string }[] = [
  { value: undefined, label: 'All' },
  { value: 'stat', label: 'STAT' },
  { value: 'temperature', label: 'Temperature' },
  { value: 'specimen', label: 'Specimen' },
  { value: 'controlled', label: 'Controlled' },
  { value: 'on_hold', label: 'On hold' },
  { value: 'rejected', label: 'Rejected' },
];

/** The board's medical filters: one at a time, applied to every column. */
export function HandlingFilter({
  value,
  onChange,
}: {
  value: TAdminHandlingFilter | undefined;
  onChange: (value: TAdminHandlingFilter | undefined) => void;
}) {
  return (
    <fieldset className="mt-4 flex min-w-0 flex-wrap gap-1.5 border-0 p-0">
      <legend className="sr-only">Handling filter</legend>
      {FILTERS.map((f) => (
        <button
          key={f.label}
          type="button"
          aria-pressed={value === f.value}
          onClick={() => onChange(f.value)}
          className={clsx(
            'h-8 rounded-full px-3 text-xs font-semibold ring-1 ring-inset',
            value === f.value ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
          )}
        >
          {f.label}
        </button>
      ))}
    </fieldset>
  );
}
