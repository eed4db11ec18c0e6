import type { TDeliveryStatus } from '@courier/contract';
import clsx from 'clsx';
import { AlarmClock, Clock, TimerOff } from 'lucide-react';
import { requiredByCountdown, useNow } from '@/lib/required-by';

/** Late (past due) and at risk (due within the window) differ in icon, colour and words, and from STAT's chip. */
const LOOKS = {
  late: { tone: 'bg-red-600 text-white ring-red-700', Icon: TimerOff, word: '' }, // its label says "12 min late"
  at_risk: { tone: 'bg-orange-50 text-orange-900 ring-orange-300', Icon: AlarmClock, word: 'At risk' },
  soon: { tone: 'bg-amber-50 text-amber-800 ring-amber-200', Icon: Clock, word: '' },
  ok: { tone: 'bg-slate-50 text-slate-600 ring-slate-200', Icon: Clock, word: '' },
} as const;

/** Time to required-by: "12 min late" once past it, "At risk · due in 14 min" within the late window. */
export function CountdownChip({ requiredBy, status }: { requiredBy: string | null; status: TDeliveryStatus }) {
  const now = useNow();
  const countdown = requiredByCountdown(requiredBy, status, now);
  if (countdown.urgency === 'none') return null;
  const { tone, Icon, word } = LOOKS[countdown.urgency];
  return (
    <span
      data-urgency={countdown.urgency}
      className={clsx(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        tone,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {word && <span className="font-bold">{`${word} · `}</span>}
      {countdown.label}
    </span>
  );
}
