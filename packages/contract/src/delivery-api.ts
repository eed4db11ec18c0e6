import { z } from 'zod';
import { ZDiscrepancySummary } from './discrepancies.js';
import { ZHandling } from './medical.js';
import { ZPiece } from './pieces.js';
import { line, safeText } from './text.js';
import {
  DELIVERY_SORTS,
  DELIVERY_STATUSES,
  DELIVERY_TYPES,
  DEFAULT_PAGE_SIZE,
  PACKAGE_SIZES,
  PACKAGE_TYPES,
  PAGE_SIZES,
} from './deliveries.js';
import { ZDeliveryAttempt, ZReturnProof } from './exceptions.js';
import { ZCreditWarning, ZDeliveryPrice } from './rate-cards.js';

/** Response shapes of the customer's delivery, label, notification and geo calls: the server serializes through them. */

const isoDate = z.iso.datetime();

export const ZShippingLabel = z.object({
  pdfUrl: z.string(),
  imageUrl: z.string().nullable(),
  trackingCode: z.string(),
  generatedAt: isoDate,
});
export type TShippingLabel = z.infer<typeof ZShippingLabel>;

export const ZProofOfDelivery = z.object({
  photo: z.string().nullable(),
  signature: z.string().nullable(),
  recipientName: z.string(),
  timestamp: isoDate,
  notes: z.string(),
});
export type TProofOfDelivery = z.infer<typeof ZProofOfDelivery>;

const ZLatLng = z.object({ lat: z.number(), lng: z.number() });

export const ZDelivery = z.object({
  _id: z.string(),
  orderId: z.string(),
  senderPhone: z.string(),
  pickupAddress: z.string(),
  recipientName: z.string(),
  recipientPhone: z.string(),
  recipientEmail: z.string(),
  deliveryAddress: z.string(),
  requiredBy: isoDate.nullable(),
  packageType: z.enum(PACKAGE_TYPES),
  packageSize: z.enum(PACKAGE_SIZES),
  deliveryType: z.enum(DELIVERY_TYPES),
  specialInstructions: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  createdAt: isoDate,
  updatedAt: isoDate,
  estimatedDelivery: isoDate.nullable(),
  pickupCoords: ZLatLng.nullable(),
  deliveryCoords: ZLatLng.nullable(),
  /** A short-lived signed link, or null. */
  packageImage: z.string().nullable(),
  shippingLabel: ZShippingLabel.nullable(),
  pod: ZProofOfDelivery.nullable(),
  trackingUrl: z.string(),
  /** Each failed attempt, oldest first ([] when none). */
  attempts: z.array(ZDeliveryAttempt),
  /** The hand-back to the sender, once a return is done. */
  returnProof: ZReturnProof.nullable(),
  ...ZHandling.shape,
  /** The standing order that created it, else null. */
  standingOrderId: z.string().nullable(),
  /** The customer's PO or cost-centre reference, else null. */
  reference: z.string().nullable(),
  /** Its price, for its owner, the account's owners and staff (null while unpriced); absent for anyone else. */
  price: ZDeliveryPrice.nullable().optional(),
  /** The discrepancy cases opened on it, oldest first ([] when none). */
  discrepancies: z.array(ZDiscrepancySummary),
  /** Every bag, cooler and tube, in order, each with its barcode and status. */
  pieces: z.array(ZPiece),
});
export type TDelivery = z.infer<typeof ZDelivery>;

export const ZCreateDeliveryResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ZDelivery,
  _id: z.string(),
  /** Whether the service level's estimate arrives by the required-by time; when not, `warning` says so (the booking stands). */
  meetsRequiredBy: z.boolean(),
  /** The late estimate's sentence; past the credit limit under `warn`, `{ code: 'CREDIT_LIMIT', message }` instead. */
  warning: z.union([z.string(), ZCreditWarning]).optional(),
  /** Set when the booking takes the account past its credit limit under the `warn` policy (the booking stands). */
  creditWarning: ZCreditWarning.optional(),
});

export type TCreateDeliveryResult = z.infer<typeof ZCreateDeliveryResponse>;

/** One step of the delivery's own timeline: the owner sees the exact place (their address, the exact fix). */
export const ZDeliveryEvent = z.object({
  status: z.enum(DELIVERY_STATUSES),
  place: z.string().nullable(),
  coords: ZLatLng.nullable(),
  timestamp: isoDate,
});
export type TDeliveryEvent = z.infer<typeof ZDeliveryEvent>;

/**
 * GET /v1/deliveries/{id}: the delivery with its story. Only the owner gets the timeline, the proof and
 * the cancel reason; the assigned driver and staff (who have their own views) get [] and nulls here.
 */
export const ZDeliveryDetail = ZDelivery.extend({
  timeline: z.array(ZDeliveryEvent),
  /** When it was handed over (the delivered event), else null. */
  deliveredAt: isoDate.nullable(),
  cancelReason: z.string().nullable(),
});
export type TDeliveryDetail = z.infer<typeof ZDeliveryDetail>;

export const ZDeliveryResponse = z.object({ success: z.literal(true), data: ZDeliveryDetail });
export const ZCancelDeliveryResponse = z.object({ success: z.literal(true), message: z.string(), data: ZDelivery });

/** Dashboard groups a list can be filtered by, besides a single status. */
export const DELIVERY_STATUS_FILTERS = ['all', 'active', 'completed', ...DELIVERY_STATUSES] as const;
export type TDeliveryStatusFilter = (typeof DELIVERY_STATUS_FILTERS)[number];

const PAGE_MESSAGE = 'Page must be a whole number from 1';
const LIMIT_MESSAGE = `Limit must be one of ${PAGE_SIZES.join(', ')}`;

export const SEARCH_MAX = 100;

/**
 * What a customer types in 'Search deliveries...': trimmed, a leading '#' dropped (tracking numbers are shown
 * as #MC...), lower-cased; empty means no search.
 */
export const ZDeliverySearch = line('Search', SEARCH_MAX)
  .transform((q) => q.replace(/^#+/, '').trim().toLowerCase())
  .optional();

export const ZMyDeliveriesQuery = z.object({
  q: ZDeliverySearch,
  page: z.coerce.number({ error: PAGE_MESSAGE }).int(PAGE_MESSAGE).min(1, PAGE_MESSAGE).max(100_000, PAGE_MESSAGE).default(1),
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), LIMIT_MESSAGE)
    .default(DEFAULT_PAGE_SIZE),
  status: z.preprocess(
    (v) => (v === '' || v === undefined ? 'all' : typeof v === 'string' ? v.toLowerCase() : v),
    z.enum(DELIVERY_STATUS_FILTERS, { error: `Status must be one of ${DELIVERY_STATUS_FILTERS.join(', ')}` }),
  ),
  sort: z.preprocess(
    (v) => (v === '' || v === undefined ? 'newest' : v),
    z.enum(DELIVERY_SORTS, { error: `Sort must be one of ${DELIVERY_SORTS.join(', ')}` }),
  ),
  /** An account owner's filter: only the deliveries this person (a user id) booked. Ignored for members. */
  bookedBy: z.preprocess((v) => (v === '' ? undefined : v), z.uuid('bookedBy: Choose a person of the account').optional()),
});
export type TMyDeliveriesQuery = z.infer<typeof ZMyDeliveriesQuery>;

export const ZDeliveryCounts = z.object({
  /** Every delivery of the caller (of those matching the search, when there is one), whatever the status filter. */
  totalDeliveries: z.number().int(),
  activeDeliveries: z.number().int(),
  completedDeliveries: z.number().int(),
  pendingDeliveries: z.number().int(),
  cancelledDeliveries: z.number().int(),
  /** The profile's narrower active count: assigned or in_transit. */
  profileActiveDeliveries: z.number().int(),
});

export const ZMyDeliveriesResponse = ZDeliveryCounts.extend({
  success: z.literal(true),
  deliveries: z.array(ZDelivery),
  /** How many match the status filter (and the search): what the pages cover. */
  matchingDeliveries: z.number().int(),
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  limit: z.number().int(),
  /**
   * For an account owner, who booked each delivery of the page (by delivery _id): the list covers every delivery
   * billed to the account. Absent for members, who see only their own.
   */
  bookedBy: z.record(z.string(), z.object({ _id: z.string(), name: z.string() })).optional(),
});
export type TMyDeliveriesResponse = z.infer<typeof ZMyDeliveriesResponse>;

export const ZLabelResponse = z.object({ success: z.literal(true), data: ZShippingLabel });

export const ZNotification = z.object({
  _id: z.string(),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: isoDate,
  /** The delivery it is about, for a link to /delivery/{id}; null when about none. */
  deliveryId: z.string().nullable(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationListResponse = z.object({
  success: z.literal(true),
  data: z.array(ZNotification),
  unreadCount: z.number().int(),
});

export const ZGeoPlace = z.object({ label: z.string(), lat: z.number(), lng: z.number() });
export const ZGeoSuggestion = ZGeoPlace.extend({ description: z.string() });
export type TGeoSuggestion = z.infer<typeof ZGeoSuggestion>;

export const ZGeoAutocompleteQuery = z.object({ q: safeText('q').trim().max(200, 'q must be at most 200 characters') });
export const ZGeoSuggestionsResponse = z.object({ success: z.literal(true), data: z.array(ZGeoSuggestion) });
export type TGeoSuggestionsResponse = z.infer<typeof ZGeoSuggestionsResponse>;
export const ZGeocodeQuery = z.object({
  address: safeText('Address').trim().min(1, 'Address is required').max(300, 'Address must be at most 300 characters'),
});
export const ZGeocodeResponse = z.object({ success: z.literal(true), data: ZGeoPlace });
export type TGeocodeResponse = z.infer<typeof ZGeocodeResponse>;

export const ZMarkAllNotificationsReadResponse = z.object({ success: z.literal(true), updated: z.number().int() });
export const ZNotificationResponse = z.object({ success: z.literal(true), data: ZNotification });

/** The owner withdraws a pending request, with an optional reason. */
export const ZCancelOwnDeliveryRequest = z
  .object({ reason: safeText('Reason').trim().max(500, 'Reason must be at most 500 characters').optional() })
  .nullish();
export type TCancelOwnDeliveryRequest = z.infer<typeof ZCancelOwnDeliveryRequest>;

/** The answer to a delivered order's rating. */
export const ZFeedbackResponse = z.object({ success: z.literal(true), message: z.string() });
export type TFeedbackResponse = z.infer<typeof ZFeedbackResponse>;

/** The signed-in user closes their own account. */
export const ZDeleteAccountResponse = z.object({ success: z.literal(true), message: z.string() });
export type TDeleteAccountResponse = z.infer<typeof ZDeleteAccountResponse>;

/** A stored file's signed link (absent with a Bearer token): its expiry, the account it was minted for, the signature over both. */
export const ZFileQuery = z.object({
  exp: safeText('exp').max(20).optional(),
  for: safeText('for').max(40).optional(),
  sig: safeText('sig').max(100).optional(),
});
