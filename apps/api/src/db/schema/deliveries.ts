import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { TDeliveryStatus } from '@courier/contract';
import { storedFiles } from './files.js';
import { users } from './users.js';

export const deliveries = pgTable(
  'deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: text('order_id').notNull().unique(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id),
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
    /** First pickup and the hand-over, copied from the custody events by a trigger (migration 0012), for reports. */
    pickedUpAt: timestamp('picked_up_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
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
    index('deliveries_status_idx').on(t.status),
    index('deliveries_driver_idx').on(t.driverId),
    index('deliveries_created_idx').on(t.createdAt),
    index('deliveries_late_due_idx')
      .on(t.requiredBy)
      .where(sql`${t.lateNotifiedAt} IS NULL AND ${t.status} NOT IN ('delivered', 'cancelled')`),
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
