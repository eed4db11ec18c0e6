import { date, foreignKey, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { deliveries } from './deliveries.js';
import { standingOrders } from './standing-orders.js';

/**
 * One row per standing order and date (created or skipped): the key that makes an occurrence happen once.
 * A file of its own: it refers to deliveries, which refer to standing orders.
 */
export const standingOrderOccurrences = pgTable(
  'standing_order_occurrences',
  {
    standingOrderId: uuid('standing_order_id').notNull(),
    occursOn: date('occurs_on', { mode: 'string' }).notNull(),
    /** The delivery it became; null while skipped. */
    deliveryId: uuid('delivery_id').references(() => deliveries.id),
    skippedAt: timestamp('skipped_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.standingOrderId, t.occursOn] }),
    // Named here: the generated name would pass PostgreSQL's 63 characters and be cut short.
    foreignKey({
      name: 'standing_order_occurrences_standing_order_id_fk',
      columns: [t.standingOrderId],
      foreignColumns: [standingOrders.id],
    }),
  ],
);
