import { bigserial, boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Recent live-update events (see platform/live-events.ts): who may see each one is stored with it, so a
 * reconnecting stream replays only its own. No foreign keys: an event outlives nothing it names for long.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    deliveryId: uuid('delivery_id'),
    orderId: text('order_id'),
    status: text('status'),
    /** Accounts that see it (owner, drivers, the notified account). */
    userIds: jsonb('user_ids').$type<string[]>().notNull().default([]),
    /** The dispatch board (every staff account) sees it. */
    staff: boolean('staff').notNull().default(false),
    /** The public tracking stream of its order id carries it. */
    public: boolean('public').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('live_events_created_at_idx').on(t.createdAt)],
);
