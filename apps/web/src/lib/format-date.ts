const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', hour12: true });
const timeOnly = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true });

/** A Date from an ISO string or Date; null when missing or unreadable. */
export const toDate = (value: string | Date | null | undefined): Date | null => {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** "Mar 3, 2026, 2:05 PM"; '' when missing. Shared by the staff and driver areas. */
export const formatDateTime = (value: string | Date | null | undefined): string => {
  const date = toDate(value);
  return date ? dateTime.format(date) : '';
};

/** "2:05 PM"; '' when missing. */
export const formatTime = (value: string | Date | null | undefined): string => {
  const date = toDate(value);
  return date ? timeOnly.format(date) : '';
};

/**
 * An estimate with its day, in the reader's own zone: "Tue, Nov 24, 3:55 PM"; '' when missing. A time
 * alone would not say which day the parcel comes.
 */
export const formatEstimate = (value: string | Date | null | undefined, timeZone?: string): string => {
  const date = toDate(value);
  if (!date) return '';
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone,
  })
    .format(date)
    .replace(/\u202f/g, ' ');
};
