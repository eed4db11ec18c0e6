import { FINAL_STATUSES, type TAdminDelivery } from '@courier/contract';
import clsx from 'clsx';
import { Timer } from 'lucide-react';
import { useNow } from '@/lib/required-by';

const left = (ms: number) => {
  const minutes = Math.round(Math.abs(ms) / 60_000);
  const words =
    minutes >= 120
      ? `${Math.round(minutes / 60)} h`
      : minutes >= 60
        ? `${Math.floor(minutes / 60)} h ${minutes % 60} min`
        : `${minutes} min`;
  return ms >= 0 ? `${words} left` : `${words} over`;
};

/** The STAT "pick up by" countdown (until picked up) and the specimen's stability deadline (until delivered). */
export function HandlingCountdown({ delivery: d }: { delivery: Pick<TAdminDelivery, 'pickUpBy' | 'stabilityDeadline' | 'status'> }) {
  const now = useNow();
  const chips: { label: string; ms: number }[] = [];
  if (d.pickUpBy && ['approved', 'assigned', 'moving_to_pickup_location'].includes(d.status))
    chips.push({ label: 'Pick up by', ms: new Date(d.pickUpBy).getTime() - now.getTime() });
  if (d.stabilityDeadline && !FINAL_STATUSES.includes(d.status))
    chips.push({ label: 'Stable until', ms: new Date(d.stabilityDeadline).getTime() - now.getTime() });
  if (!chips.length) return null;
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      {chips.map((c) => (
        <span
          key={c.label}
          className={clsx(
            'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
            c.ms < 0
              ? 'bg-red-50 text-red-700 ring-red-200'
              : c.ms < 15 * 60_000
                ? 'bg-amber-50 text-amber-800 ring-amber-200'
                : 'bg-slate-50 text-slate-700 ring-slate-200',
          )}
        >
          <Timer aria-hidden="true" className="size-3.5" />
          {c.label}: {left(c.ms)}
        </span>
      ))}
    </span>
  );
}
