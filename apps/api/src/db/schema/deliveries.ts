import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TAttemptReason, TDeliveryPricing, TDeliveryStatus } from '@courier/contract';
import { customerAccounts } from './accounts.js';
import { storedFiles } from './files.js';
import { standingOrders } from './standing-orders.js';
import { users } from './users.js';

export const deliveries = pgTable(
  'deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: text('order_id').notNull().unique(),
    /** The person who booked it. */
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id),
    /** The account it is billed to: the booker's account when it was booked. */
    accountId: uuid('account_id')
      .notNull()
      .references(() => customerAccounts.id),
    senderPhone: text('sender_phone').notNull(),
    pickupAddress: text('pickup_address').notNull(),
    pickupLabel: text('pickup_label'),
    pickupLat: doublePrecision('pickup_lat'),
    pickupLng: doublePrecision('pickup_lng'),
    recipientName: text('recipient_name').notNull(),
    recipientPhone: text('recipient_phone').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    deliveryAddress: text('delivery_address').notNull(),
    deliveryLabel: text('delivery_label'),
    deliveryLat: doublePrecision('delivery_lat'),
    deliveryLng: doublePrecision('delivery_lng'),
    requiredBy: timestamp('required_by', { withTimezone: true }),
    packageType: text('package_type').notNull(),
    packageSize: text('package_size').notNull(),
    deliveryType: text('delivery_type').notNull(),
    specialInstructions: text('special_instructions').notNull().default(''),
    status: text('status').$type<TDeliveryStatus>().notNull().default('pending'),
    driverId: uuid('driver_id').references(() => users.id),
    estimatedDelivery: timestamp('estimated_delivery', { withTimezone: true }),
    packageImageId: uuid('package_image_id').references(() => storedFiles.id),
    currentLabel: text('current_label'),
    currentLat: doublePrecision('current_lat'),
    currentLng: doublePrecision('current_lng'),
    cancelReason: text('cancel_reason'),
    /** When the customer and staff were told it is late; set once, by the sweep that picks it. */
    lateNotifiedAt: timestamp('late_notified_at', { withTimezone: true }),
    // Medical handling (migration 0009).
    priority: text('priority').notNull().default('routine'),
    temperature: text('temperature').notNull().default('ambient'),
    specimenCategory: text('specimen_category'),
    specimenCollectedAt: timestamp('specimen_collected_at', { withTimezone: true }),
    specimenStableHours: doublePrecision('specimen_stable_hours'),
    stabilityDeadline: timestamp('stability_deadline', { withTimezone: true }),
    controlledSubstance: boolean('controlled_substance').notNull().default(false),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    holdReason: text('hold_reason'),
    holdSince: timestamp('hold_since', { withTimezone: true }),
    dispositionAction: text('disposition_action'),
    dispositionNote: text('disposition_note'),
    dispositionAt: timestamp('disposition_at', { withTimezone: true }),
    receiptStatus: text('receipt_status'),
    receiptReason: text('receipt_reason'),
    /** The lab's own words with its reason (required for "other"). */
    receiptComment: text('receipt_comment'),
    receiptReceivedBy: text('receipt_received_by'),
    receiptReceivedAt: timestamp('receipt_received_at', { withTimezone: true }),
    /** Set once, by the sweep that escalates an unassigned STAT (a conditional update, so once across processes). */
    statEscalatedAt: timestamp('stat_escalated_at', { withTimezone: true }),
    /** The standing order that created it (migration 0011), else null. */
    standingOrderId: uuid('standing_order_id').references(() => standingOrders.id),
    /** First pickup and the hand-over, copied from the custody events by a trigger (migration 0012), for reports. */
    pickedUpAt: timestamp('picked_up_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** When it was delivered, returned or cancelled, set by the same trigger (migration 0017): retention counts from it. */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** When the retention job removed the recipient's personal details (migration 0017); null while they are kept. */
    personalDetailsRemovedAt: timestamp('personal_details_removed_at', { withTimezone: true }),
    /** From the applied route plan (migration 0013): the job's place in its driver's run and the expected arrival. */
    plannedOrder: integer('planned_order'),
    plannedArrival: timestamp('planned_arrival', { withTimezone: true }),
    /** Set once (a conditional update), with the recipient's "about 10 minutes away" message (migration 0017). */
    arrivingNoticeAt: timestamp('arriving_notice_at', { withTimezone: true }),
    /** Set once, when dispatch was told the route's estimate misses the required-by or stability deadline. */
    estimateLateNotifiedAt: timestamp('estimate_late_notified_at', { withTimezone: true }),
    // Money (migration 0022).
    /** The customer's PO or cost-centre reference; printed on the invoice line. */
    reference: text('reference'),
    /** Billable miles pickup to drop-off in tenths (84 is 8.4 mi), fixed at booking and never recomputed. */
    billableMilesTenths: integer('billable_miles_tenths'),
    /** The price and every input it was computed from (card, version, inputs, lines); null when unpriced. */
    pricing: jsonb('pricing').$type<TDeliveryPricing>(),
    /** The sum of the pricing's lines, kept beside it for credit checks and invoice runs. */
    priceCents: integer('price_cents'),
    /** The driver's "Arrived" at each stop of the current attempt: waited minutes run from it. */
    pickupArrivedAt: timestamp('pickup_arrived_at', { withTimezone: true }),
    dropoffArrivedAt: timestamp('dropoff_arrived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** What the customer's search box matches (migration 0005), kept by PostgreSQL, trigram-indexed. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(order_id || ' ' || recipient_name || ' ' || recipient_phone || ' ' || regexp_replace(recipient_phone, '[^0-9]', '', 'g') || ' ' || pickup_address || ' ' || delivery_address)`,
    ),
  },
  (t) => [
    index('deliveries_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // A customer's list in either order (read backwards for newest first), status included so a filtered
    // page is found in the index alone.
    index('deliveries_customer_created_id_idx').on(t.customerId, t.createdAt, t.id, t.status),
    // An account's list (owners see every delivery of the account), newest first read backwards.
    index('deliveries_account_created_id_idx').on(t.accountId, t.createdAt, t.id),
    index('deliveries_status_idx').on(t.status),
    index('deliveries_driver_idx').on(t.driverId),
    index('deliveries_standing_order_idx').on(t.standingOrderId).where(sql`${t.standingOrderId} IS NOT NULL`),
    index('deliveries_created_idx').on(t.createdAt),
    index('deliveries_late_due_idx')
      .on(t.requiredBy)
      .where(sql`${t.lateNotifiedAt} IS NULL AND ${t.status} NOT IN ('delivered', 'cancelled', 'returning', 'returned')`),
    index('deliveries_stat_escalation_idx')
      .on(t.approvedAt)
      .where(sql`${t.priority} = 'stat' AND ${t.statEscalatedAt} IS NULL AND ${t.status} = 'approved'`),
    index('deliveries_hold_idx').on(t.holdSince).where(sql`${t.holdSince} IS NOT NULL`),
    index('deliveries_retention_due_idx').on(t.finishedAt).where(sql`${t.personalDetailsRemovedAt} IS NULL`),
  ],
);

/** Temperature readings (probe or data logger): append-only, never changed. */
export const temperatureReadings = pgTable(
  'temperature_readings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id),
    celsius: doublePrecision('celsius').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    source: text('source').notNull(),
    inRange: boolean('in_range').notNull(),
    recordedBy: uuid('recorded_by').references(() => users.id),
    /** The logger that sent it by itself (POST /api/v1/devices/readings, migration 0023); null for probes and files. */
    deviceId: text('device_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('temperature_readings_delivery_at_idx').on(t.deliveryId, t.at),
    // A gateway resends a batch it is unsure of: the same device, parcel and time is stored once.
    uniqueIndex('temperature_readings_device_once_idx').on(t.deliveryId, t.deviceId, t.at).where(sql`${t.deviceId} IS NOT NULL`),
  ],
);

/**
 * How many deliveries each customer booked in each week (UTC, from created_at) in each status, kept by
 * triggers on deliveries (migration 0001_customer_delivery_counts). The dashboard's counts add up a few
 * hundred rows instead of scanning a big customer's deliveries, and a deep page starts from the week that
 * holds it instead of skipping every newer delivery.
 */
export const customerDeliveryCounts = pgTable(
  'customer_delivery_counts',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id),
    week: timestamp('week', { withTimezone: true }).notNull(),
    status: text('status').$type<TDeliveryStatus>().notNull(),
    deliveries: integer('deliveries').notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.week, t.status] })],
);

/** Chain of custody: append-only; each row carries the hash of the one before it. */
export const deliveryEvents = pgTable(
  'delivery_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id),
    seq: integer('seq').notNull(),
    status: text('status').$type<TDeliveryStatus>().notNull(),
    locationLabel: text('location_label'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    actorId: uuid('actor_id').references(() => users.id),
    actorRole: text('actor_role'),
    note: text('note'),
    /** null: a status move; otherwise a handling event (temperature, logger, checklist, id_check, hold, disposition, receipt). */
    kind: text('kind'),
    /**
     * Set only on a 'redaction' event (migration 0017): JSON [[seq, hash], ...], the hash each earlier event has once
     * its personal details were removed. Hashed with the event, so the removal is itself part of the chain.
     */
    seals: text('seals'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [unique('delivery_events_seq_uq').on(t.deliveryId, t.seq)],
);

export const shippingLabels = pgTable('shipping_labels', {
  deliveryId: uuid('delivery_id')
    .primaryKey()
    .references(() => deliveries.id),
  trackingCode: text('tracking_code').notNull(),
  pdfFileId: uuid('pdf_file_id')
    .notNull()
    .references(() => storedFiles.id),
  imageFileId: uuid('image_file_id').references(() => storedFiles.id),
  generatedAt: timestamp('generated_at', { withTimezone: true }).notNull(),
});

export const proofsOfDelivery = pgTable('proofs_of_delivery', {
  deliveryId: uuid('delivery_id')
    .primaryKey()
    .references(() => deliveries.id),
  photoFileId: uuid('photo_file_id').references(() => storedFiles.id),
  signatureFileId: uuid('signature_file_id').references(() => storedFiles.id),
  recipientName: text('recipient_name').notNull(),
  notes: text('notes').notNull().default(''),
  capturedBy: uuid('captured_by').references(() => users.id),
  capturedAt: timestamp('captured_at', { withTimezone: true }).notNull(),
});

/** One failed attempt (migration 0008), with what dispatch decided about it. */
export const deliveryAttempts = pgTable(
  'delivery_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id),
    n: integer('n').notNull(),
    driverId: uuid('driver_id').references(() => users.id),
    reason: text('reason').$type<TAttemptReason>().notNull(),
    note: text('note').notNull().default(''),
    photoFileId: uuid('photo_file_id').references(() => storedFiles.id),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    decision: text('decision').$type<'reattempt' | 'return'>(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id),
    nextWindowFrom: timestamp('next_window_from', { withTimezone: true }),
    nextWindowTo: timestamp('next_window_to', { withTimezone: true }),
  },
  (t) => [
    unique('delivery_attempts_n_uq').on(t.deliveryId, t.n),
    index('delivery_attempts_photo_idx').on(t.photoFileId).where(sql`${t.photoFileId} IS NOT NULL`),
    index('delivery_attempts_attempted_at_idx').on(t.attemptedAt),
  ],
);

/** The hand-back to the sender that ends a return (migration 0008): who took it back, photo and/or signature. */
export const deliveryReturns = pgTable('delivery_returns', {
  deliveryId: uuid('delivery_id')
    .primaryKey()
    .references(() => deliveries.id),
  photoFileId: uuid('photo_file_id').references(() => storedFiles.id),
  signatureFileId: uuid('signature_file_id').references(() => storedFiles.id),
  receivedBy: text('received_by').notNull(),
  notes: text('notes').notNull().default(''),
  capturedBy: uuid('captured_by').references(() => users.id),
  capturedAt: timestamp('captured_at', { withTimezone: true }).notNull(),
});

export const driverLocations = pgTable('driver_locations', {
  driverId: uuid('driver_id')
    .primaryKey()
    .references(() => users.id),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  /** The nearest gazetteer place, shown instead of the raw fix. */
  label: text('label'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const feedback = pgTable('feedback', {
  id: uuid('id').primaryKey().defaultRandom(),
  deliveryId: uuid('delivery_id')
    .notNull()
    .unique()
    .references(() => deliveries.id),
  rating: integer('rating').notNull(),
  comment: text('comment').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
