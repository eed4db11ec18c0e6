import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { rateCards } from './billing.js';

/**
 * The organisation that pays (a clinic, a lab, a hospital): every CUSTOMER user belongs to one, as its owner or a
 * member, and every delivery carries the account it is billed to beside the person who booked it.
 */
export const customerAccounts = pgTable(
  'customer_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    billingEmail: text('billing_email').notNull(),
    billingAddress: text('billing_address').notNull().default(''),
    paymentTermsDays: integer('payment_terms_days').notNull().default(30),
    /** Null: no limit. */
    creditLimitCents: integer('credit_limit_cents'),
    creditPolicy: text('credit_policy').$type<'ignore' | 'warn' | 'enforce'>().notNull().default('ignore'),
    rateCardId: uuid('rate_card_id').references(() => rateCards.id),
    /** Bookings must carry a PO or cost-centre reference. */
    poRequired: boolean('po_required').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('customer_accounts_credit_policy_check', sql`${t.creditPolicy} in ('ignore', 'warn', 'enforce')`),
    check('customer_accounts_terms_check', sql`${t.paymentTermsDays} between 0 and 365`),
  ],
);
