import { z } from 'zod';
import { DELIVERY_STATUSES, DELIVERY_TYPES, PACKAGE_SIZES, PACKAGE_TYPES, type TPackageType } from './deliveries.js';
import { ZProofOfDelivery } from './delivery-api.js';
import { ATTEMPT_NOTE_MAX, ATTEMPT_REASONS, OTHER_NEEDS_NOTE, ZDeliveryAttempt } from './exceptions.js';
import { ZCoords } from './schemas.js';
import { ZHandling, ZPackagingChecklist, ZTemperatureC } from './medical.js';
import { ZMissingPieces, ZPiece, ZPieceChecks, ZScannedPieces } from './pieces.js';
import { line, note } from './text.js';

/** The driver app's calls (DRIVER only), under /api/v1/driver. */

const isoDate = z.iso.datetime();
const ZLatLng = z.object({ lat: z.number(), lng: z.number() });

/** The header a phone sends with status and proof calls; a retry with the same key applies once. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const POD_NOTES_MAX = 1000;
/** These need the recipient's signature in the proof of delivery. */
export const SIGNATURE_REQUIRED_PACKAGE_TYPES: readonly TPackageType[] = ['MEDICATION', 'MEDICAL_SUPPLIES'];
/**
 * The app posts the phone's position when sharing starts (or a driver screen opens) and every 30 s. The server
 * keeps at most one position a driver per LOCATION_MIN_INTERVAL_MS and answers a closer one with the kept
 * position (not an error); only more than LOCATION_POSTS_PER_MINUTE posts a minute are refused (429).
 */
export const LOCATION_MIN_INTERVAL_MS = 5_000;
export const LOCATION_SHARE_INTERVAL_MS = 30_000;
export const LOCATION_POSTS_PER_MINUTE = 20;

/** One job on the driver's list: everything the run needs, nothing more. */
export const ZDriverJob = z.object({
  _id: z.string(),
  orderId: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  /** The next move the driver makes (the big button), or null. */
  nextStatus: z.enum(DELIVERY_STATUSES).nullable(),
  /** 1-based position in today's run. */
  routeOrder: z.number().int(),
  senderName: z.string(),
  senderPhone: z.string(),
  pickupAddress: z.string(),
  pickupCoords: ZLatLng.nullable(),
  recipientName: z.string(),
  recipientPhone: z.string(),
  deliveryAddress: z.string(),
  deliveryCoords: ZLatLng.nullable(),
  requiredBy: isoDate.nullable(),
  packageType: z.enum(PACKAGE_TYPES),
  packageSize: z.enum(PACKAGE_SIZES),
  deliveryType: z.enum(DELIVERY_TYPES),
  specialInstructions: z.string(),
  requiresSignature: z.boolean(),
  pod: ZProofOfDelivery.nullable(),
  /** The failed attempts so far. */
  attempts: z.array(ZDeliveryAttempt),
  /** A re-attempt by another driver: the parcel is collected from this driver (name), not from the sender. */
  collectFrom: z.string().nullable(),
  /** From the applied route plan: when the driver is expected at the job's next stop (ISO), else null. */
  plannedArrival: isoDate.nullable(),
  /** From the applied route plan: the job's position in the driver's run (1-based), else null. */
  plannedOrder: z.number().int().nullable(),
  /** When the driver tapped "Arrived" at the pickup and at the drop-off of the current attempt (ISO), else null. */
  pickupArrivedAt: isoDate.nullable(),
  dropoffArrivedAt: isoDate.nullable(),
  ...ZHandling.shape,
  /** The pieces to scan at each hand-over, in order. */
  pieces: z.array(ZPiece),
});
export type TDriverJob = z.infer<typeof ZDriverJob>;

export const ZDriverJobsResponse = z.object({ success: z.literal(true), data: z.array(ZDriverJob) });
export type TDriverJobsResponse = z.infer<typeof ZDriverJobsResponse>;

/**
 * A move by the driver; delivered and returned are not among them: they are reached through the proof call
 * only. failed_attempt needs a reason (and a note when the reason is other).
 */
export const DRIVER_MOVE_STATUSES = ['moving_to_pickup_location', 'picked_up', 'in_transit', 'failed_attempt'] as const;
export const ZDriverStatusRequest = z
  .object({
    status: z.enum(DRIVER_MOVE_STATUSES, { error: `Status must be one of ${DRIVER_MOVE_STATUSES.join(', ')}` }),
    location: ZCoords.optional(),
    note: note('Note', ATTEMPT_NOTE_MAX).optional(),
    /** The tracking number read from the parcel's label: for picked_up of a one-piece delivery (or scannedPieces). */
    scannedOrderId: line('Scanned tracking number', 40).optional(),
    /** picked_up: the barcode of every piece handed over (MC...-01), scanned or typed. */
    scannedPieces: ZScannedPieces,
    /** picked_up: what a piece needs beyond its scan (a drug test's CCF number and seal, a controlled count). */
    pieceChecks: ZPieceChecks,
    /** picked_up: the pieces left behind, by number, with why: they become not_handed_over. */
    missingPieces: ZMissingPieces,
    /** Why the drop failed: required for failed_attempt. */
    reason: z.enum(ATTEMPT_REASONS, { error: `Reason must be one of ${ATTEMPT_REASONS.join(', ')}` }).optional(),
    /** The parcel's temperature at pickup: required for a temperature-controlled parcel. */
    temperatureC: z.number({ error: 'temperatureC must be a number of degrees Celsius' }).min(-100).max(100).optional(),
    /** The UN3373 packaging checklist: required, all true, at pickup of a UN3373 specimen. */
    packaging: ZPackagingChecklist.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.status !== 'failed_attempt') return;
    if (!body.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: `Reason must be one of ${ATTEMPT_REASONS.join(', ')}` });
    else if (body.reason === 'other' && !body.note) ctx.addIssue({ code: 'custom', path: ['note'], message: OTHER_NEEDS_NOTE });
  });
export type TDriverStatusRequest = z.infer<typeof ZDriverStatusRequest>;

/** POST /v1/driver/deliveries/{id}/arrived: the driver is at a stop; waited minutes run from now. */
export const ARRIVAL_STOPS = ['pickup', 'dropoff'] as const;
export const ZDriverArrivedRequest = z.object({
  stop: z.enum(ARRIVAL_STOPS, { error: `Stop must be one of ${ARRIVAL_STOPS.join(', ')}` }),
});
export type TDriverArrivedRequest = z.infer<typeof ZDriverArrivedRequest>;

export const ZDriverJobResponse = z.object({ success: z.literal(true), message: z.string(), data: ZDriverJob });
export type TDriverJobResponse = z.infer<typeof ZDriverJobResponse>;

/** The text fields of the multipart proof call; files are parts "photo" and "signature" (PNG). */
export const ZProofOfDeliveryFields = z.object({
  recipientName: line('Recipient name', 120).min(1, 'Recipient name is required'),
  notes: note('Notes', POD_NOTES_MAX).optional().default(''),
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
  /** The parcel's temperature at hand-over: required for a temperature-controlled parcel. */
  temperatureC: z.preprocess((v) => (v === '' ? undefined : v), ZTemperatureC.optional()),
  /** The ID check of a controlled substance (ZIdCheck): type, last 4 characters only, name, relationship. */
  idType: z.string().optional(),
  idLast4: z.string().optional(),
  idName: z.string().optional(),
  relationship: z.string().optional(),
  /** The barcode of every piece handed over (in multipart a JSON array in one field); absent: every piece on board. */
  scannedPieces: ZScannedPieces,
  /** Pieces on board the driver cannot hand over, each by sequence with why (a JSON array in one field): missing. */
  missingPieces: ZMissingPieces,
  /** A controlled substance's count per piece at the hand-over. */
  pieceChecks: ZPieceChecks,
});
export type TProofOfDeliveryFields = z.infer<typeof ZProofOfDeliveryFields>;

export const ZDriverLocationRequest = ZCoords;
export type TDriverLocationRequest = z.infer<typeof ZDriverLocationRequest>;
export const ZDriverLocationResponse = z.object({
  success: z.literal(true),
  data: z.object({
    label: z.string().nullable(),
    at: isoDate,
    parcelsOnBoard: z.number().int(),
    /** False when a position was kept less than 5 s before: this one was not stored, and `label` and `at` are the kept one's. */
    kept: z.boolean(),
  }),
});
export type TDriverLocationResponse = z.infer<typeof ZDriverLocationResponse>;
