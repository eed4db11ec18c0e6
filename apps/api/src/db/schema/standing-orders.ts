import { sql } from 'drizzle-orm';
import { date, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export type TStandingOrderState = 'active' | 'paused' | 'ended';

/** A customer's repeated delivery: the booking input (without required-by) and its schedule (migration 0011). */
export const standingOrders = pgTable(
  'standing_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id),
    /** The validated booking fields, whatever fields booking has: new ones need no column. */
    template: jsonb('template').$type<Record<string, unknown>>().notNull(),
    /** RFC 5545 rule text without DTSTART (that is startsOn), e.g. FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR. */
    rrule: text('rrule').notNull(),
    /** HH:MM in BUSINESS_TZ: each occurrence's required-by. */
    time: text('time').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }),
    status: text('status').$type<TStandingOrderState>().notNull().default('active'),
    /** The staff member who pre-approved it: its occurrences skip approval. */
    preApprovedBy: uuid('pre_approved_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('standing_orders_customer_idx').on(t.customerId, t.createdAt),
    index('standing_orders_active_idx').on(t.status).where(sql`${t.status} = 'active'`),
  ],
);
