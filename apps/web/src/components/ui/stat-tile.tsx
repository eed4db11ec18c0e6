import clsx from 'clsx';
import type { LucideIcon } from 'lucide-react';
import { useId } from 'react';

const TONES = {
  brand: 'bg-brand-50 text-brand-600',
  blue: 'bg-blue-50 text-blue-600',
  green: 'bg-emerald-50 text-emerald-600',
  amber: 'bg-amber-50 text-amber-600',
} as const;

/** A count tile of the dashboard and the profile. */
export function StatTile({
  label,
  value,
  icon: Icon,
  tone,
  loading = false,
}: {
  label: string;
  value: number | undefined;
  icon: LucideIcon;
  tone: keyof typeof TONES;
  loading?: boolean;
}) {
  const labelId = useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a count tile is no form fieldset; the group names its number
    <div
      role="group"
      aria-labelledby={labelId}
      className="flex flex-col items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:gap-4 sm:p-5"
    >
      <span className={clsx('flex size-10 shrink-0 items-center justify-center rounded-xl sm:size-11', TONES[tone])}>
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0">
        <p id={labelId} className="text-sm font-medium text-slate-500">
          {label}
        </p>
        {loading ? (
          <span className="mt-1 block h-7 w-10 animate-pulse rounded bg-slate-100" aria-hidden="true" />
        ) : (
          <p data-testid="stat-value" className="text-2xl font-bold text-slate-900 tabular-nums">
            {value ?? 0}
          </p>
        )}
      </div>
    </div>
  );
}
