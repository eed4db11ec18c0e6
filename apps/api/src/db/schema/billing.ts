import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A rate card: what customers' accounts point at. Its prices live in versions; `currentVersion` is the one
 * new bookings use. */
export const rateCards = pgTable('rate_cards', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  currentVersion: integer('current_version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
