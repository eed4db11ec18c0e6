import clsx from 'clsx';
import type { LucideIcon } from 'lucide-react';
import { useId } from 'react';

const TONES = {
  brand: 'bg-brand-50 text-brand-600',
  blue: 'bg-blue-50 text-blue-600',
  green: 'bg-emerald-50 text-emerald-600',
  amber: 'bg-amber-50 text-amber-600',
  red: 'bg-red-50 text-red-600',
  violet: 'bg-violet-50 text-violet-600',
} as const;

/** A figure tile of the dashboard, the profile and the dispatch console (`compact` for a row of six). */
export function StatTile({
  label,
  value,
  icon: Icon,
  tone,
  loading = false,
  compact = false,
  note,
}: {
  label: string;
  value: number | string | undefined;
  icon: LucideIcon;
  tone: keyof typeof TONES;
  loading?: boolean;
  compact?: boolean;
  /** A line under the figure, e.g. what a total holds beyond the other tiles. */
  note?: string;
}) {
  const labelId = useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a count tile is no form fieldset; the group names its number
    <div
      role="group"
      aria-labelledby={labelId}
      className={clsx(
        'flex rounded-xl border border-slate-200 bg-white shadow-sm',
        compact ? 'items-center gap-3 p-3 sm:p-4' : 'flex-col items-start gap-3 p-4 sm:flex-row sm:items-center sm:gap-4 sm:p-5',
      )}
    >
      <span className={clsx('flex size-10 shrink-0 items-center justify-center rounded-xl', !compact && 'sm:size-11', TONES[tone])}>
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0">
        <p id={labelId} className={clsx('font-medium text-slate-500', compact ? 'text-xs leading-tight sm:text-sm' : 'text-sm')}>
          {label}
        </p>
        {loading ? (
          <span className="mt-1 block h-7 w-10 animate-pulse rounded bg-slate-100" aria-hidden="true" />
        ) : (
          <p
            data-testid="stat-value"
            className={clsx('font-bold text-slate-900 tabular-nums', compact ? 'text-xl sm:text-2xl' : 'text-2xl')}
          >
            {value ?? 0}
          </p>
        )}
        {note && !loading && <p className="text-xs text-slate-500">{note}</p>}
      </div>
    </div>
  );
}
