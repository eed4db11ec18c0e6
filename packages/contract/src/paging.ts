import { z } from 'zod';
import { isRealCalendarDate } from './calendar-date.js';

/** Paging of the back-office lists (staff and users): page from 1, 1 to 100 rows a page. */
export const BACK_OFFICE_PAGE_SIZE = 20;
export const BACK_OFFICE_MAX_PAGE_SIZE = 100;

export const ZPageQuery = z.object({
  page: z.coerce.number().int('Page must be a whole number from 1').min(1, 'Page must be a whole number from 1').max(100_000).default(1),
  limit: z.coerce
    .number()
    .int(`Limit must be from 1 to ${BACK_OFFICE_MAX_PAGE_SIZE}`)
    .min(1, `Limit must be from 1 to ${BACK_OFFICE_MAX_PAGE_SIZE}`)
    .max(BACK_OFFICE_MAX_PAGE_SIZE, `Limit must be from 1 to ${BACK_OFFICE_MAX_PAGE_SIZE}`)
    .default(BACK_OFFICE_PAGE_SIZE),
});

export const ZPaging = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type TPaging = z.infer<typeof ZPaging>;

/** Dates outside these years are refused (the far ends of JavaScript's range break the database's). */
export const DATE_BOUND_YEARS = { min: 1900, max: 9999 } as const;

/** A date filter bound: an ISO date or date-time from 1900 to 9999, on a day the calendar has. */
export const ZDateBound = z
  .string({ error: 'must be a valid date' })
  .refine(isRealCalendarDate, 'must be a real date, as YYYY-MM-DD or an ISO date-time')
  .transform((text) => new Date(text))
  .refine(
    (d) => d.getUTCFullYear() >= DATE_BOUND_YEARS.min && d.getUTCFullYear() <= DATE_BOUND_YEARS.max,
    `must be a date from ${DATE_BOUND_YEARS.min} to ${DATE_BOUND_YEARS.max}`,
  )
  .optional();
