import { statusLabel } from '@courier/contract';
import clsx from 'clsx';

const TONES: Record<string, string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  approved: 'bg-indigo-50 text-indigo-700 ring-indigo-200',
  assigned: 'bg-violet-50 text-violet-700 ring-violet-200',
  moving_to_pickup_location: 'bg-sky-50 text-sky-700 ring-sky-200',
  picked_up: 'bg-cyan-50 text-cyan-800 ring-cyan-200',
  in_transit: 'bg-blue-50 text-blue-700 ring-blue-200',
  in_progress: 'bg-blue-50 text-blue-700 ring-blue-200',
  delivered: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  completed: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  cancelled: 'bg-red-50 text-red-700 ring-red-200',
};

/** A delivery status as SPEC shows it: lower-cased, underscores as spaces. */
/** `wrap` lets a long status break over two lines in a tight table cell. */
export function StatusBadge({ status, className, wrap = false }: { status: string; className?: string; wrap?: boolean }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        wrap ? 'rounded-lg leading-snug' : 'rounded-full whitespace-nowrap',
        TONES[status.toLowerCase()] ?? 'bg-slate-100 text-slate-700 ring-slate-200',
        className,
      )}
    >
      {statusLabel(status)}
    </span>
  );
}
