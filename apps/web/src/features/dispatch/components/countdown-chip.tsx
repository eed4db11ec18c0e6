import type { TDeliveryStatus } from '@courier/contract';
import clsx from 'clsx';
import { AlarmClock, TriangleAlert } from 'lucide-react';
import { requiredByCountdown, useNow } from '@/lib/required-by';

const TONES = {
  late: 'bg-red-50 text-red-700 ring-red-200',
  soon: 'bg-amber-50 text-amber-800 ring-amber-200',
  ok: 'bg-slate-50 text-slate-600 ring-slate-200',
  none: '',
} as const;

/** Time to required-by; late ones (past, or within the late window) in red with a warning sign. */
export function CountdownChip({ requiredBy, status, late }: { requiredBy: string | null; status: TDeliveryStatus; late?: boolean }) {
  const now = useNow();
  const countdown = requiredByCountdown(requiredBy, status, now);
  if (countdown.urgency === 'none') return null;
  const urgency = late ? 'late' : countdown.urgency;
  const Icon = urgency === 'late' ? TriangleAlert : AlarmClock;
  return (
    <span
      data-urgency={urgency}
      className={clsx(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        TONES[urgency],
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {urgency === 'late' && <span className="sr-only">Late: </span>}
      {countdown.label}
    </span>
  );
}
