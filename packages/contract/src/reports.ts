import { z } from 'zod';
import { isRealCalendarDate } from './calendar-date.js';

/** Delivery reports: staff see everyone's (GET /v1/admin/reports/deliveries), a customer their own (GET /v1/reports/deliveries). */

export const REPORT_GROUPS = ['day', 'customer', 'driver'] as const;
export type TReportGroup = (typeof REPORT_GROUPS)[number];
/** The longest range one report covers. */
export const REPORT_MAX_DAYS = 366;

const ZDay = (field: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date like 2026-03-31`)
    .refine(isRealCalendarDate, `${field} must be a real date`)
    .optional();

/** from and to are days in the business time zone, both included; a delivery counts on the day it was booked. */
export const ZDeliveryReportQuery = z.object({
  from: ZDay('From'),
  to: ZDay('To'),
  groupBy: z.preprocess(
    (v) => (v === '' || v === undefined ? 'day' : v),
    z.enum(REPORT_GROUPS, { error: `Group by must be one of ${REPORT_GROUPS.join(', ')}` }),
  ),
});
export type TDeliveryReportQuery = z.infer<typeof ZDeliveryReportQuery>;

export const ZDeliveryReportFigures = z.object({
  /** Booked in the range (every status). */
  booked: z.number().int(),
  delivered: z.number().int(),
  cancelled: z.number().int(),
  /** Delivered at or before required-by (the estimate when none was asked). */
  onTime: z.number().int(),
  /** onTime / delivered; null when nothing was delivered. */
  onTimeRate: z.number().nullable(),
  avgBookingToPickupMinutes: z.number().nullable(),
  avgPickupToDropoffMinutes: z.number().nullable(),
  /** Deliveries with at least one discrepancy case (missing, damaged, rejected ... pieces). */
  withDiscrepancy: z.number().int(),
  /** withDiscrepancy / booked; null when nothing was booked. */
  discrepancyRate: z.number().nullable(),
  /** Cases on these deliveries past their due time and not resolved. */
  overdueCases: z.number().int(),
});
export type TDeliveryReportFigures = z.infer<typeof ZDeliveryReportFigures>;

export const ZDeliveryReportRow = ZDeliveryReportFigures.extend({
  /** The day (YYYY-MM-DD), or the customer's or driver's _id ('none' for deliveries nobody drove). */
  key: z.string(),
  label: z.string(),
});
export type TDeliveryReportRow = z.infer<typeof ZDeliveryReportRow>;

export const ZDeliveryReportResponse = z.object({
  success: z.literal(true),
  data: z.object({
    from: z.string(),
    to: z.string(),
    groupBy: z.enum(REPORT_GROUPS),
    timeZone: z.string(),
    days: z.number().int(),
    /** Delivered in the range divided by its days. */
    deliveredPerDay: z.number(),
    totals: ZDeliveryReportFigures,
    rows: z.array(ZDeliveryReportRow),
  }),
});
export type TDeliveryReportResponse = z.infer<typeof ZDeliveryReportResponse>;
export type TDeliveryReport = TDeliveryReportResponse['data'];
