import { isFinalStatus, LATE_WINDOW_MINUTES, type TDeliveryStatus } from '@courier/contract';
import { useEffect, useState } from 'react';

export type TUrgency = 'late' | 'at_risk' | 'soon' | 'ok' | 'none';

export interface TCountdown {
  /** "in 2 h 05 min", "12 min late", or "" when there is no required-by. */
  label: string;
  urgency: TUrgency;
}

function span(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
  return `${Math.floor(hours / 24)} days`;
}

/**
 * The time left to required-by, as the board and the driver see it. Past it the job is late; within
 * LATE_WINDOW_MINUTES it is at risk (not yet late, so never called so); a final status has no countdown.
 */
export function requiredByCountdown(requiredBy: string | null | undefined, status: TDeliveryStatus, now: Date): TCountdown {
  if (!requiredBy || isFinalStatus(status)) return { label: '', urgency: 'none' };
  const due = new Date(requiredBy).getTime();
  if (Number.isNaN(due)) return { label: '', urgency: 'none' };
  const minutes = Math.round((due - now.getTime()) / 60_000);
  if (minutes < 0) return { label: `${span(-minutes)} late`, urgency: 'late' };
  if (minutes <= LATE_WINDOW_MINUTES) return { label: `due in ${span(minutes)}`, urgency: 'at_risk' };
  if (minutes <= 120) return { label: `due in ${span(minutes)}`, urgency: 'soon' };
  return { label: `due in ${span(minutes)}`, urgency: 'ok' };
}

/** The current time, refreshed every `everyMs` (countdowns tick without refetching). */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
