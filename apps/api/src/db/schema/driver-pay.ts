import { date, index, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { deliveries } from './deliveries.js';
import { users } from './users.js';

/**
 * One version of a driver's pay rule (driverId null: the default for drivers without one). The version in force
 * when a job completes pays it: the latest `effectiveFrom` at or before that moment. Versions are never edited.
 */
export const payRules = pgTable(
  'pay_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    driverId: uuid('driver_id').references(() => users.id),
    version: integer('version').notNull(),
    perStopCents: integer('per_stop_cents').notNull(),
    perMileCents: integer('per_mile_cents').notNull(),
    commissionPercent: numeric('commission_percent', { precision: 6, scale: 2, mode: 'number' }).notNull(),
    commissionOn: jsonb('commission_on').$type<string[]>().notNull(),
    perFailedAttemptCents: integer('per_failed_attempt_cents').notNull(),
    perReturnCents: integer('per_return_cents').notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pay_rules_driver_from_idx').on(t.driverId, t.effectiveFrom)],
);

/**
 * What a driver earned: a job, a failed drop or a return (written with the move that earned it), or an adjustment
 * an administrator added. Never updated but for the settlement that takes it; a correction is a further adjustment.
 */
export const payItems = pgTable(
  'pay_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => users.id),
    deliveryId: uuid('delivery_id').references(() => deliveries.id),
    code: text('code').$type<'job' | 'failed_attempt' | 'return' | 'adjustment'>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    explanation: text('explanation').notNull(),
    /** The BUSINESS_TZ day it counts for (periods and settlements are by day). */
    earnedOn: date('earned_on', { mode: 'string' }).notNull(),
    earnedAt: timestamp('earned_at', { withTimezone: true }).notNull(),
    milesTenths: integer('miles_tenths'),
    ruleId: uuid('rule_id').references(() => payRules.id),
    reason: text('reason'),
    createdBy: uuid('created_by').references(() => users.id),
    settlementId: uuid('settlement_id').references(() => settlements.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pay_items_driver_day_idx').on(t.driverId, t.earnedOn),
    index('pay_items_day_idx').on(t.earnedOn),
    index('pay_items_settlement_idx').on(t.settlementId),
    index('pay_items_delivery_idx').on(t.deliveryId),
  ],
);

/** One driver's items of a period, settled together: draft, approved, then paid. */
export const settlements = pgTable(
  'settlements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => users.id),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    status: text('status').$type<'draft' | 'approved' | 'paid'>().notNull().default('draft'),
    jobs: integer('jobs').notNull(),
    milesTenths: integer('miles_tenths').notNull(),
    grossCents: integer('gross_cents').notNull(),
    adjustmentsCents: integer('adjustments_cents').notNull(),
    netCents: integer('net_cents').notNull(),
    itemCount: integer('item_count').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    approvedBy: uuid('approved_by').references(() => users.id),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    paidOn: date('paid_on', { mode: 'string' }),
    paidReference: text('paid_reference'),
    paidBy: uuid('paid_by').references(() => users.id),
  },
  (t) => [index('settlements_driver_idx').on(t.driverId, t.periodFrom), index('settlements_status_idx').on(t.status, t.periodFrom)],
);

/** A driver's bank account for direct deposit: the numbers sealed (AES-256-GCM), the last four kept for display. */
export const driverBankAccounts = pgTable('driver_bank_accounts', {
  driverId: uuid('driver_id')
    .primaryKey()
    .references(() => users.id),
  sealed: text('sealed').notNull(),
  routingLast4: text('routing_last4').notNull(),
  accountLast4: text('account_last4').notNull(),
  accountType: text('account_type').$type<'checking' | 'savings'>().notNull(),
  updatedBy: uuid('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
