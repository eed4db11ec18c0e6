import { z } from 'zod';
import { AUDIT_KINDS } from './audit-actions.js';
import { DELIVERY_STATUSES } from './deliveries.js';
import { ZDelivery } from './delivery-api.js';
import { ZAttemptFigures } from './exceptions.js';
import { OPTIN_SOURCES, SMS_CONSENT_STATES } from './optin.js';
import { ZDateBound, ZPageQuery, ZPaging } from './paging.js';
import { line, note } from './text.js';
import { ZDriverShift } from './route-plans.js';

/** The staff console's calls (STAFF and above), under /api/v1/admin. */

const isoDate = z.iso.datetime();
const ZLatLng = z.object({ lat: z.number(), lng: z.number() });

/** A delivery is late when it is not delivered (nor cancelled) and required-by is past or this close. */
export const LATE_WINDOW_MINUTES = 30;

export const ADMIN_DELIVERY_SORTS = ['required-by', 'newest'] as const;
export type TAdminDeliverySort = (typeof ADMIN_DELIVERY_SORTS)[number];

/** Board columns besides a single status: to approve, to assign, on the road. */
export const ADMIN_STATUS_FILTERS = ['all', 'open', 'on_the_road', 'exceptions', ...DELIVERY_STATUSES] as const;
export type TAdminStatusFilter = (typeof ADMIN_STATUS_FILTERS)[number];

/** The medical filters of the board. */
export const ADMIN_HANDLING_FILTERS = ['stat', 'temperature', 'specimen', 'controlled', 'on_hold', 'rejected'] as const;
export type TAdminHandlingFilter = (typeof ADMIN_HANDLING_FILTERS)[number];

export const ZAdminDeliveriesQuery = ZPageQuery.extend({
  handling: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(ADMIN_HANDLING_FILTERS, { error: `Handling must be one of ${ADMIN_HANDLING_FILTERS.join(', ')}` }).optional(),
  ),
  status: z.preprocess(
    (v) => (v === '' || v === undefined ? 'all' : typeof v === 'string' ? v.toLowerCase() : v),
    z.enum(ADMIN_STATUS_FILTERS, { error: `Status must be one of ${ADMIN_STATUS_FILTERS.join(', ')}` }),
  ),
  /** A driver's _id, or "none" for deliveries nobody drives yet. */
  driverId: line('Driver', 64).optional(),
  /** Created from / to (inclusive bounds). */
  from: ZDateBound,
  to: ZDateBound,
  /** Delivered at or after (the board's "Delivered today"). */
  deliveredFrom: ZDateBound,
  /** true: only the late ones (not delivered nor cancelled, required-by past or within the late window). */
  late: z.stringbool({ error: 'Late must be true or false' }).optional(),
  /** A customer's _id, or words of their name, organisation or e-mail. */
  customer: line('Customer', 100).optional(),
  /** Matches the tracking number, the recipient's name or phone, either address, and the driver's name. */
  q: line('Search', 100).optional(),
  sort: z.preprocess(
    (v) => (v === '' || v === undefined ? 'required-by' : v),
    z.enum(ADMIN_DELIVERY_SORTS, { error: `Sort must be one of ${ADMIN_DELIVERY_SORTS.join(', ')}` }),
  ),
});
export type TAdminDeliveriesQuery = z.infer<typeof ZAdminDeliveriesQuery>;

export const ZPersonRef = z.object({ _id: z.string(), name: z.string(), email: z.string(), phone: z.string() });
export type TPersonRef = z.infer<typeof ZPersonRef>;

/** A delivery as staff see it: every field, who booked it, who drives it, and whether it runs late. */
export const ZAdminDelivery = ZDelivery.extend({
  /** organisation: the customer's clinic, lab or pharmacy ('' when none), shown beside the name. */
  customer: ZPersonRef.extend({ organisation: z.string() }),
  driver: ZPersonRef.nullable(),
  isLate: z.boolean(),
  /** A failed attempt waiting longer than EXCEPTION_DECISION_MINUTES for dispatch's decision. */
  decisionLate: z.boolean(),
  /** A failed attempt with attempts left (MAX_DELIVERY_ATTEMPTS): a re-attempt is offered; otherwise only a return. */
  canReattempt: z.boolean(),
  currentLocation: z.string().nullable(),
  currentCoords: ZLatLng.nullable(),
  cancelReason: z.string().nullable(),
});
export type TAdminDelivery = z.infer<typeof ZAdminDelivery>;

export const ZAdminDeliveriesResponse = z.object({
  success: z.literal(true),
  deliveries: z.array(ZAdminDelivery),
  paging: ZPaging,
});
export type TAdminDeliveriesResponse = z.infer<typeof ZAdminDeliveriesResponse>;

export const ZApproveDeliveryRequest = z.object({ note: note('Note', 500).optional() }).nullish();
export type TApproveDeliveryRequest = z.infer<typeof ZApproveDeliveryRequest>;

export const ZAssignDriverRequest = z.object({
  driverId: line('Driver', 64).min(1, 'Driver is required'),
  /**
   * The driver the console showed (null: none). When given and the delivery has changed hands since, the
   * assignment is refused with 409, so of two dispatchers assigning at once exactly one wins.
   */
  replacesDriverId: line('Replaced driver', 64).nullable().optional(),
  note: note('Note', 500).optional(),
});
export type TAssignDriverRequest = z.infer<typeof ZAssignDriverRequest>;

export const ZStaffCancelRequest = z.object({
  reason: note('Reason', 500).min(1, 'Reason is required'),
});
export type TStaffCancelRequest = z.infer<typeof ZStaffCancelRequest>;

/** The answer of every move (approve, assign, cancel): the delivery as it now stands. */
export const ZAdminDeliveryResponse = z.object({ success: z.literal(true), message: z.string(), data: ZAdminDelivery });
export type TAdminDeliveryResponse = z.infer<typeof ZAdminDeliveryResponse>;

export const ZCustodyEvent = z.object({
  _id: z.string(),
  seq: z.number().int(),
  status: z.enum(DELIVERY_STATUSES),
  location: z.string().nullable(),
  coords: ZLatLng.nullable(),
  actor: z.object({ _id: z.string(), name: z.string() }).nullable(),
  actorRole: z.string().nullable(),
  note: z.string().nullable(),
  timestamp: isoDate,
  hash: z.string(),
  prevHash: z.string(),
});
export type TCustodyEvent = z.infer<typeof ZCustodyEvent>;

export const ZCustodyVerdict = z.object({
  valid: z.boolean(),
  /** The first event whose hash or link does not match, or null when the chain verifies. */
  brokenAtSeq: z.number().int().nullable(),
  brokenEventId: z.string().nullable(),
  message: z.string(),
});
export type TCustodyVerdict = z.infer<typeof ZCustodyVerdict>;

/** A piece and its path: the custody events (by seq) that scanned it or named it left behind. */
export const ZCustodyPiece = z.object({
  seq: z.number().int(),
  barcode: z.string(),
  kind: z.string(),
  accession: z.string().nullable(),
  status: z.string(),
  path: z.array(z.object({ seq: z.number().int(), note: z.string(), timestamp: isoDate })),
});
export type TCustodyPiece = z.infer<typeof ZCustodyPiece>;

export const ZCustodyResponse = z.object({
  success: z.literal(true),
  data: z.object({
    deliveryId: z.string(),
    orderId: z.string(),
    events: z.array(ZCustodyEvent),
    verdict: ZCustodyVerdict,
    pieces: z.array(ZCustodyPiece),
  }),
});
export type TCustodyResponse = z.infer<typeof ZCustodyResponse>;

export const ZAdminDriver = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  isActive: z.boolean(),
  /** Deliveries assigned to the driver and not yet delivered. */
  activeLoad: z.number().int(),
  lastPosition: z.object({ lat: z.number(), lng: z.number(), label: z.string().nullable(), at: isoDate }).nullable(),
  /** Working hours for route planning (null: none set). */
  shift: ZDriverShift.nullable().optional(),
  /** Vehicle capacity in units. */
  vehicleCapacity: z.number().int().optional(),
});
export type TAdminDriver = z.infer<typeof ZAdminDriver>;
export const ZAdminDriversResponse = z.object({ success: z.literal(true), data: z.array(ZAdminDriver) });
export type TAdminDriversResponse = z.infer<typeof ZAdminDriversResponse>;

export const ZAdminStats = ZAttemptFigures.extend({
  byStatus: z.record(z.enum(DELIVERY_STATUSES), z.number().int()),
  total: z.number().int(),
  late: z.number().int(),
  deliveredToday: z.number().int(),
  averageRating: z.number().nullable(),
  ratingCount: z.number().int(),
  /** Failed attempts waiting for a decision plus returns under way (the exceptions queue). */
  exceptions: z.number().int(),
  /** Failed attempts waiting longer than EXCEPTION_DECISION_MINUTES. */
  exceptionsLate: z.number().int(),
  /** The same figures for each of the last days (business time zone), newest first. */
  byDay: z.array(ZAttemptFigures.extend({ day: z.string() })),
  byDriver: z.array(ZAttemptFigures.extend({ driver: z.object({ _id: z.string(), name: z.string() }) })),
});
export type TAdminStats = z.infer<typeof ZAdminStats>;
export const ZAdminStatsResponse = z.object({ success: z.literal(true), data: ZAdminStats });
export type TAdminStatsResponse = z.infer<typeof ZAdminStatsResponse>;

export const ZAdminFeedbackQuery = ZPageQuery;
export const ZAdminFeedback = z.object({
  _id: z.string(),
  deliveryId: z.string(),
  orderId: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  createdAt: isoDate,
});
export type TAdminFeedback = z.infer<typeof ZAdminFeedback>;
export const ZAdminFeedbackResponse = z.object({ success: z.literal(true), data: z.array(ZAdminFeedback), paging: ZPaging });
export type TAdminFeedbackResponse = z.infer<typeof ZAdminFeedbackResponse>;

export const ZAdminOptinsQuery = ZPageQuery;
export const ZAdminOptin = z.object({
  _id: z.string(),
  phone: z.string(),
  company: z.string().nullable(),
  /** Where e-mail updates go (given with the e-mail box ticked), else null. */
  email: z.string().nullable(),
  consent: z.object({ sms: z.boolean(), email: z.boolean(), marketing: z.boolean() }),
  /** SMS consent is double opt-in: pending until the handset replies YES, stopped after a STOP. */
  smsStatus: z.enum(SMS_CONSENT_STATES),
  source: z.enum(OPTIN_SOURCES),
  consentText: z.string(),
  consentedAt: isoDate,
});
export type TAdminOptin = z.infer<typeof ZAdminOptin>;
export const ZAdminOptinsResponse = z.object({ success: z.literal(true), data: z.array(ZAdminOptin), paging: ZPaging });
export type TAdminOptinsResponse = z.infer<typeof ZAdminOptinsResponse>;

export const ZAuditQuery = ZPageQuery.extend({
  actorId: line('Actor', 64).optional(),
  /** Words of the actor's name or e-mail. */
  actor: line('Actor', 100).optional(),
  /** changes (what someone did) or reads (what staff looked at); both when absent. */
  kind: z.enum(AUDIT_KINDS, { error: `Kind must be one of ${AUDIT_KINDS.join(', ')}` }).optional(),
  /** An exact action ("delivery.approve") or a prefix ending in a dot ("delivery."). */
  action: line('Action', 80).optional(),
  /** The kind of thing acted on: delivery, user, optin... */
  entity: line('Entity', 40).optional(),
  entityId: line('Entity id', 64).optional(),
  from: ZDateBound,
  to: ZDateBound,
});
export type TAuditQuery = z.infer<typeof ZAuditQuery>;
export const ZAuditEntry = z.object({
  _id: z.string(),
  actor: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  entity: z.string().nullable(),
  entityId: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  kind: z.enum(['change', 'read']),
  /** Identical reads by one actor within a minute are one row: how many it stands for (1 for a change). */
  count: z.number().int(),
  createdAt: isoDate,
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditResponse = z.object({ success: z.literal(true), data: z.array(ZAuditEntry), paging: ZPaging });
export type TAuditResponse = z.infer<typeof ZAuditResponse>;
