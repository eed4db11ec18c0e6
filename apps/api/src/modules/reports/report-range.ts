import { REPORT_MAX_DAYS, type TDeliveryReportQuery } from '@courier/contract';
import { addDays, instantOf, type LocalDay, localMoment } from '../../shared/business-time.js';
import { badRequest } from '../../platform/app-error.js';

export interface ReportRange {
  from: string;
  to: string;
  days: number;
  /** The first instant of `from` and of the day after `to`, in the business time zone. */
  start: Date;
  end: Date;
  /** Every day of the range, first to last (YYYY-MM-DD). */
  dayKeys: string[];
}

const dayOf = (text: string): LocalDay => {
  const [year, month, day] = text.split('-').map(Number);
  return { year, month, day };
};
export const dayKey = (d: LocalDay) => `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

/** The range a report covers: both days included; by default the 30 days up to today. */
export function reportRange(query: Pick<TDeliveryReportQuery, 'from' | 'to'>, now: Date, timeZone: string): ReportRange {
  const today = localMoment(now, timeZone);
  const to = query.to ? dayOf(query.to) : { year: today.year, month: today.month, day: today.day };
  const from = query.from ? dayOf(query.from) : addDays(to, -29);
  const days = Math.round((Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) / 86_400_000) + 1;
  if (days < 1) throw badRequest('From must be on or before To', 'from');
  if (days > REPORT_MAX_DAYS) throw badRequest(`A report covers at most ${REPORT_MAX_DAYS} days`, 'from');
  const dayKeys = Array.from({ length: days }, (_, i) => dayKey(addDays(from, i)));
  return {
    from: dayKey(from),
    to: dayKey(to),
    days,
    start: instantOf(from, 0, timeZone),
    end: instantOf(addDays(to, 1), 0, timeZone),
    dayKeys,
  };
}
