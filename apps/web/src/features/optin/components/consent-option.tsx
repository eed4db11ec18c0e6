import type { ReactNode } from 'react';

/** A consent checkbox with its label and a line on what it sends. */
export function ConsentOption({
  name,
  label,
  description,
  icon,
  checked,
  onChange,
}: {
  name: string;
  label: string;
  description: string;
  icon: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3.5 transition-colors hover:border-brand-300 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-200">
      <input
        type="checkbox"
        name={name}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-4.5 shrink-0 cursor-pointer rounded accent-brand-600"
      />
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-2 font-medium text-slate-900">
          <span aria-hidden="true" className="text-brand-600 [&>svg]:size-4">
            {icon}
          </span>
          {label}
        </span>
        <span className="mt-0.5 block text-sm text-slate-600">{description}</span>
      </span>
    </label>
  );
}
