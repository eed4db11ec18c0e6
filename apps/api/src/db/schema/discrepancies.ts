import { sql } from 'drizzle-orm';
import { bigint, check, doublePrecision, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TDiscrepancyKind, TDiscrepancyStatus } from '@courier/contract';
import { customerAccounts } from './accounts.js';
import { deliveries } from './deliveries.js';
import { users } from './users.js';

/**
 * A discrepancy case: a piece that did not arrive as it left (or arrived unannounced, or a controlled count that
 * changed), worked by dispatch from open to resolved. piece_id names a delivery_pieces row (no foreign key here so
 * the cases stand on their own; an unexpected scan has only its barcode).
 */
export const discrepancies = pgTable(
  'discrepancies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<TDiscrepancyKind>().notNull(),
    status: text('status').$type<TDiscrepancyStatus>().notNull().default('open'),
    deliveryId: uuid('delivery_id').references(() => deliveries.id),
    pieceId: uuid('piece_id'),
    barcode: text('barcode'),
    accountId: uuid('account_id').references(() => customerAccounts.id),
    driverId: uuid('driver_id').references(() => users.id),
    assigneeId: uuid('assignee_id').references(() => users.id),
    reason: text('reason'),
    detail: text('detail').notNull().default(''),
    expectedQuantity: doublePrecision('expected_quantity'),
    countedQuantity: doublePrecision('counted_quantity'),
    unit: text('unit'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolution: text('resolution'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('discrepancies_opened_idx').on(t.openedAt, t.id),
    index('discrepancies_delivery_idx').on(t.deliveryId),
    index('discrepancies_account_idx').on(t.accountId, t.openedAt),
    check('discrepancies_status_check', sql`${t.status} in ('open', 'investigating', 'resolved')`),
    check(
      'discrepancies_resolution_check',
      sql`${t.status} <> 'resolved' or (${t.resolution} is not null and ${t.resolvedAt} is not null)`,
    ),
  ],
);

/** A case's timeline: how it opened, each note, each move and assignment; appended, never changed. */
export const discrepancyNotes = pgTable(
  'discrepancy_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Entries written in the same millisecond (a move and an assignment in one call) keep their order. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    discrepancyId: uuid('discrepancy_id')
      .notNull()
      .references(() => discrepancies.id),
    kind: text('kind').$type<'opened' | 'note' | 'status' | 'assigned'>().notNull(),
    authorId: uuid('author_id').references(() => users.id),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('discrepancy_notes_case_idx').on(t.discrepancyId, t.createdAt, t.seq)],
);
