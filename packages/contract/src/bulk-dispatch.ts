import { z } from 'zod';
import { ERROR_CODES } from './error-codes.js';
import { line, note } from './text.js';

/** Dispatch at volume: many jobs moved at once, and jobs given to the best driver by the planner. */

/** Most jobs one bulk call moves (a board page is 100 at most; a day is about 200). */
export const BULK_MAX_DELIVERIES = 200;
export const BULK_ACTIONS = ['approve', 'assign', 'cancel'] as const;
export type TBulkAction = (typeof BULK_ACTIONS)[number];

const deliveryIds = z
  .array(line('Delivery', 64))
  .min(1, 'Choose at least one delivery')
  .max(BULK_MAX_DELIVERIES, `At most ${BULK_MAX_DELIVERIES} deliveries at once`);

export const ZBulkDeliveriesRequest = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('approve'), deliveryIds, note: note('Note', 500).optional() }),
    z.object({ action: z.literal('assign'), deliveryIds, driverId: line('Driver', 64).min(1, 'Driver is required') }),
    // The same rule as one staff cancel: a reason is required.
    z.object({ action: z.literal('cancel'), deliveryIds, reason: note('Reason', 500).min(1, 'Reason is required') }),
  ],
  { error: 'action: Choose approve, assign or cancel' },
);
export type TBulkDeliveriesRequest = z.infer<typeof ZBulkDeliveriesRequest>;

/** One job's outcome: ok, or refused with the error code and message its own call would have answered. */
export const ZBulkResult = z.object({
  deliveryId: z.string(),
  ok: z.boolean(),
  code: z.enum(ERROR_CODES).optional(),
  message: z.string().optional(),
});
export type TBulkResult = z.infer<typeof ZBulkResult>;

export const ZBulkDeliveriesResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ results: z.array(ZBulkResult) }),
});
export type TBulkDeliveriesResponse = z.infer<typeof ZBulkDeliveriesResponse>;

/** The driver the planner chose for one job, and why in words; ok:false with a code when none fits. */
export const ZAutoAssignResult = z.object({
  deliveryId: z.string(),
  trackingNumber: z.string().nullable(),
  ok: z.boolean(),
  code: z.enum(ERROR_CODES).optional(),
  driverId: z.string().nullable(),
  driverName: z.string().nullable(),
  /** e.g. "Best fit: adds 6 min of driving to Dana Reyes's route, delivers 2:10 PM, on time for 2:30 PM". */
  reason: z.string(),
});
export type TAutoAssignResult = z.infer<typeof ZAutoAssignResult>;

export const ZAutoAssignResponse = z.object({ success: z.literal(true), message: z.string(), data: ZAutoAssignResult });
export type TAutoAssignResponse = z.infer<typeof ZAutoAssignResponse>;

export const ZAutoAssignAllResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ results: z.array(ZAutoAssignResult) }),
});
export type TAutoAssignAllResponse = z.infer<typeof ZAutoAssignAllResponse>;
