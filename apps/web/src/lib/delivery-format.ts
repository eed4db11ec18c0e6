import { ADDRESS_CUT } from '@courier/contract';
import { formatDateTime, formatTime, toDate } from '@/lib/format-date';

/**
 * Addresses in the list are cut to at most 30 characters plus an ellipsis, at a word: never mid-ZIP or
 * mid-street. A single word longer than that is cut where it must be.
 */
export function truncateAddress(address: string | null | undefined, max = ADDRESS_CUT): string {
  const text = (address ?? '').trim();
  if (text.length <= max) return text;
  const head = text.slice(0, max + 1);
  const space = head.lastIndexOf(' ');
  const cut = space > 0 ? head.slice(0, space) : text.slice(0, max);
  return `${cut.replace(/[\s,;.-]+$/, '')}...`;
}

const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });

export { formatDateTime, formatTime };
export const formatDate = (value: string | Date | null | undefined): string => {
  const date = toDate(value);
  return date ? dateOnly.format(date) : '';
};
export const isSameDay = (a: Date, b: Date): boolean =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** The date is shown only when the moment was not today ("2:05 PM" today, else "Mar 3, 2026, 2:05 PM"). */
export const formatWhen = (value: string | Date | null | undefined, now: Date = new Date()): string => {
  const date = toDate(value);
  if (!date) return '';
  return isSameDay(date, now) ? formatTime(date) : formatDateTime(date);
};

/** "September 2025", for 'Member since'. */
export const formatMonthYear = (value: string | Date | null | undefined): string => {
  const date = toDate(value);
  return date ? monthYear.format(date) : '';
};

/** The value a datetime-local input takes for a moment in the browser's time zone ("2026-03-03T14:05"). */
export function toDateTimeLocal(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
