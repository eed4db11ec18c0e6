import type { TRateCardBody } from '@courier/contract';
import { date, index, integer, jsonb, numeric, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { rateCards } from './billing.js';
import { users } from './users.js';

/**
 * One version of a card's prices. A version that has priced a delivery (`firstUsedAt` set) is never changed:
 * editing the card then makes the next version, so re-pricing last month gives last month's answer.
 */
export const rateCardVersions = pgTable(
  'rate_card_versions',
  {
    rateCardId: uuid('rate_card_id')
      .notNull()
      .references(() => rateCards.id),
    version: integer('version').notNull(),
    prices: jsonb('prices').$type<Omit<TRateCardBody, 'name'>>().notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    firstUsedAt: timestamp('first_used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ name: 'rate_card_versions_pkey', columns: [t.rateCardId, t.version] })],
);

/** A fuel surcharge in force from `from` to `to` (calendar days in BUSINESS_TZ, both included; no `to`: until
 * further notice). Ranges never overlap. */
export const fuelSurcharges = pgTable(
  'fuel_surcharges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    from: date('from', { mode: 'string' }).notNull(),
    to: date('to', { mode: 'string' }),
    percent: numeric('percent', { precision: 6, scale: 2, mode: 'number' }).notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('fuel_surcharges_from_idx').on(t.from)],
);
