import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TInvoiceStatus, TPaymentMethod, TPriceLineCode } from '@courier/contract';
import { customerAccounts } from './accounts.js';
import { deliveries } from './deliveries.js';
import { users } from './users.js';

/**
 * An account's invoice for a period. Totals are kept beside the lines (the sum of their amounts), the credit notes
 * and the payments, so lists and receivables never add up lines. The balance is subtotal - credited - paid.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => customerAccounts.id),
    status: text('status').$type<TInvoiceStatus>().notNull().default('draft'),
    /** INV-2026-000001, taken when issued (null on a draft); a void invoice keeps its number. */
    number: text('number').unique(),
    periodFrom: date('period_from').notNull(),
    periodTo: date('period_to').notNull(),
    invoiceDate: date('invoice_date'),
    dueDate: date('due_date'),
    termsDays: integer('terms_days'),
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    creditedCents: integer('credited_cents').notNull().default(0),
    paidCents: integer('paid_cents').notNull().default(0),
    voidReason: text('void_reason'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('invoices_status_check', sql`${t.status} in ('draft', 'issued', 'overdue', 'paid', 'void')`),
    check('invoices_balance_check', sql`${t.creditedCents} + ${t.paidCents} <= ${t.subtotalCents}`),
    // One draft per account and period: a second run (or a concurrent one) adds to it rather than making another.
    uniqueIndex('invoices_one_draft_idx').on(t.accountId, t.periodFrom, t.periodTo).where(sql`${t.status} = 'draft'`),
    index('invoices_account_idx').on(t.accountId, t.invoiceDate),
    index('invoices_status_due_idx').on(t.status, t.dueDate),
  ],
);

/** One charge of one delivery, copied from its pricing by the run; `amountCents` may be adjusted on a draft. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id),
    position: integer('position').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    serviceDate: date('service_date').notNull(),
    reference: text('reference'),
    route: text('route').notNull(),
    code: text('code').$type<TPriceLineCode>().notNull(),
    description: text('description').notNull(),
    /** What the delivery was priced at: the reprice check compares against it. */
    pricedCents: integer('priced_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    adjustmentReason: text('adjustment_reason'),
  },
  (t) => [index('invoice_lines_invoice_idx').on(t.invoiceId, t.position)],
);

/**
 * A delivery on a live (not void) invoice: the primary key keeps it on one at most, whatever runs at once.
 * Voiding an invoice deletes its rows, so the next run invoices those deliveries again.
 */
export const invoicedDeliveries = pgTable('invoiced_deliveries', {
  deliveryId: uuid('delivery_id')
    .primaryKey()
    .references(() => deliveries.id),
  invoiceId: uuid('invoice_id')
    .notNull()
    .references(() => invoices.id),
});

export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    amountCents: integer('amount_cents').notNull(),
    receivedOn: date('received_on').notNull(),
    method: text('method').$type<TPaymentMethod>().notNull(),
    reference: text('reference').notNull().default(''),
    recordedBy: uuid('recorded_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('invoice_payments_amount_check', sql`${t.amountCents} > 0`),
    check('invoice_payments_method_check', sql`${t.method} in ('check', 'ach', 'card', 'other')`),
    index('invoice_payments_invoice_idx').on(t.invoiceId),
  ],
);

export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    /** CN-2026-000001. */
    number: text('number').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    issuedOn: date('issued_on').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('credit_notes_amount_check', sql`${t.amountCents} > 0`), index('credit_notes_invoice_idx').on(t.invoiceId)],
);

/**
 * Gapless yearly numbering: the counter row is incremented inside the issuing transaction, so a rollback gives the
 * number back and two issues at once wait on the row (a sequence would skip on rollback).
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    kind: text('kind').$type<'INV' | 'CN'>().notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ name: 'document_counters_pkey', columns: [t.kind, t.year] })],
);
