import { z } from 'zod';
import { isRealCalendarDate } from './calendar-date.js';
import { ZErrorBody } from './errors.js';
import { SPECIMEN_CATEGORIES } from './medical.js';
import { ZCreditWarning } from './rate-cards.js';
import { ZCreateDeliveryRequest, ZSpecimenRequest } from './schemas.js';

/** Standing orders: a delivery repeated on an RFC 5545 schedule, and bulk import of deliveries. */

export const STANDING_ORDER_STATES = ['active', 'paused', 'ended'] as const;
export type TStandingOrderStatus = (typeof STANDING_ORDER_STATES)[number];

/** How many coming required-by times a standing order shows. */
export const NEXT_OCCURRENCES_SHOWN = 5;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
export const ZLocalDate = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD)` })
    .regex(DATE_ONLY, `${label} must be a date (YYYY-MM-DD)`)
    .refine(isRealCalendarDate, `${label} must be a real date`);

export const ZScheduleTime = z
  .string({ error: 'Time must be HH:MM' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:MM (24-hour, in the business time zone)');

export const ZSchedule = z.object({
  /** RFC 5545 rule text without DTSTART, e.g. FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR. */
  rrule: z.string({ error: 'Schedule rule is required' }).trim().min(1, 'Schedule rule is required').max(500),
  time: ZScheduleTime,
});
export type TSchedule = z.infer<typeof ZSchedule>;

/**
 * A standing order's specimen: its category and stability as on a booking, and instead of one collection
 * instant a time of day (HH:MM, business time zone) when each run's specimens are collected (the earliest, if
 * collected over the day). Each occurrence's collectedAt is the last such time at or before its required-by, so
 * its stability deadline counts from that day's collection (06:00 for a 16:00 run: the same day; 22:00 for a
 * 07:00 run: the evening before).
 */
export const ZStandingOrderSpecimen = z.object({
  category: z.enum(SPECIMEN_CATEGORIES, { error: `Specimen category must be one of ${SPECIMEN_CATEGORIES.join(', ')}` }),
  collectionTime: z
    .string({ error: 'Specimen collection time must be HH:MM' })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Specimen collection time must be HH:MM (24-hour, in the business time zone)'),
  stableForHours: ZSpecimenRequest.shape.stableForHours,
});
export type TStandingOrderSpecimen = z.infer<typeof ZStandingOrderSpecimen>;

/** The delivery's booking fields without required-by: the schedule gives each occurrence its own (and its specimen's collection). */
export const ZStandingOrderDeliveryFields = ZCreateDeliveryRequest.omit({ requiredBy: true }).extend({
  specimen: ZStandingOrderSpecimen.optional(),
});

export const ZCreateStandingOrderRequest = ZStandingOrderDeliveryFields.extend({
  schedule: ZSchedule,
  startsOn: ZLocalDate('Start date'),
  endsOn: ZLocalDate('End date').nullish(),
});
export type TCreateStandingOrderRequest = z.input<typeof ZCreateStandingOrderRequest>;

// Edits name only what changes: a field's default (e.g. empty instructions) must not fill in what was not sent.
const ZDeliveryFieldEdits = z.object(
  Object.fromEntries(
    Object.entries(ZStandingOrderDeliveryFields.shape).map(([key, field]) => [
      key,
      (field instanceof z.ZodDefault ? field.removeDefault() : field).optional(),
    ]),
  ),
) as unknown as ReturnType<typeof ZStandingOrderDeliveryFields.partial>;

/** Future occurrences only: every field optional; `status` pauses or resumes; `preApproved` is for staff alone. */
export const ZUpdateStandingOrderRequest = ZDeliveryFieldEdits.extend({
  schedule: ZSchedule.optional(),
  startsOn: ZLocalDate('Start date').optional(),
  endsOn: ZLocalDate('End date').nullish(),
  status: z.enum(['active', 'paused'], { error: 'Status must be active or paused' }).optional(),
  preApproved: z.boolean({ error: 'Pre-approved must be true or false' }).optional(),
});
export type TUpdateStandingOrderRequest = z.input<typeof ZUpdateStandingOrderRequest>;

export const ZSkipOccurrenceRequest = z.object({ date: ZLocalDate('Date') });

const templatePrimitive = z.union([z.string(), z.number(), z.boolean(), z.null()]);
/** A template field: a value, an object of values (the specimen), or a list of them (the pieces). */
const templateValue = z.union([
  templatePrimitive,
  z.record(z.string(), templatePrimitive),
  z.array(z.record(z.string(), templatePrimitive)),
]);

export const ZStandingOrder = z.object({
  _id: z.string(),
  status: z.enum(STANDING_ORDER_STATES),
  schedule: z.object({ rrule: z.string(), time: z.string() }),
  /** The business time zone the schedule's time and dates are read in (BUSINESS_TZ). */
  timeZone: z.string(),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  /** The delivery's fields each occurrence is booked with (every booking field, as submitted and checked). */
  delivery: z.record(z.string(), templateValue),
  preApproved: z.boolean(),
  /** The next required-by times (ISO) that will become deliveries: none while paused or ended. */
  nextOccurrences: z.array(z.iso.datetime()),
  /** Dates (YYYY-MM-DD) from today on that were skipped. */
  skippedDates: z.array(z.string()),
  /** The owner, for staff's list; null for the owner themself. */
  customer: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TStandingOrder = z.infer<typeof ZStandingOrder>;

export const ZStandingOrderResponse = z.object({ success: z.literal(true), data: ZStandingOrder });
export const ZStandingOrderListResponse = z.object({ success: z.literal(true), data: z.array(ZStandingOrder) });

/** Bulk import: CSV columns are the API's field names; this many rows at most. */
export const IMPORT_MAX_ROWS = 1000;
export const IMPORT_COLUMNS = [
  'senderPhone',
  'pickupAddress',
  'recipientName',
  'recipientPhone',
  'recipientEmail',
  'deliveryAddress',
  'requiredBy',
  'packageType',
  'packageSize',
  'deliveryType',
  'specialInstructions',
  // Optional (a file without them books routine, ambient parcels as before): the handling, as the form's fields.
  'priority',
  'temperature',
  'controlledSubstance',
  'specimenCategory',
  'specimenCollectedAt',
  'specimenStableForHours',
  // Optional: the PO or cost-centre reference (required when the account asks for one).
  'reference',
  // Optional: a count of like pieces ("3") or the JSON list of pieces as the API takes it.
  'pieces',
] as const;
/** The specimen's columns and the request field each fills (the API nests them under `specimen`). */
export const IMPORT_SPECIMEN_COLUMNS = {
  specimenCategory: 'category',
  specimenCollectedAt: 'collectedAt',
  specimenStableForHours: 'stableForHours',
} as const;

/** One refused cell: its line in the file (the header is line 1), its column, why. */
export const ZImportRowError = z.object({ line: z.number().int(), field: z.string(), message: z.string() });
export type TImportRowError = z.infer<typeof ZImportRowError>;

export const ZImportResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  created: z.number().int(),
  /** Set when the rows take the account past its credit limit under the `warn` policy (they are booked). */
  warning: ZCreditWarning.optional(),
  /** The same as `warning` (kept for clients written before it). */
  creditWarning: ZCreditWarning.optional(),
});
export type TImportResponse = z.infer<typeof ZImportResponse>;

/** The 422 answer: every bad row by line and field; nothing was created. */
export const ZImportErrorBody = ZErrorBody.extend({ errors: z.array(ZImportRowError) });

/** Ending or skipping answers the standing order as it now is, with a message. */
export const ZEndStandingOrderResponse = ZStandingOrderResponse.extend({ message: z.string() });
export type TEndStandingOrderResponse = z.infer<typeof ZEndStandingOrderResponse>;
