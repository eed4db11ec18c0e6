import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { TMissingPieceReason, TPieceKind, TPieceStatus } from '@courier/contract';
import { deliveries } from './deliveries.js';
import { users } from './users.js';

/**
 * The pieces of a delivery (migration delivery_pieces): every bag, cooler and tube, with its own barcode (the
 * tracking number and a two-digit sequence) and label, scanned at every hand-over. Written at booking; a
 * delivery has at least one.
 */
export const deliveryPieces = pgTable(
  'delivery_pieces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id),
    /** 1 to 99, in the order the booking listed them. */
    seq: integer('seq').notNull(),
    /** MC...-01: the tracking number, a dash, the sequence in two digits. */
    barcode: text('barcode').notNull().unique(),
    kind: text('kind').$type<TPieceKind>().notNull(),
    description: text('description'),
    /** The specimen's accession or requisition number. */
    accession: text('accession'),
    /** A controlled substance's count as booked, and its unit. */
    quantity: doublePrecision('quantity'),
    unit: text('unit'),
    /** A drug test's Custody and Control Form number, as booked. */
    ccfNumber: text('ccf_number'),
    /** A drug test's seal as last checked (null until checked). */
    sealIntact: boolean('seal_intact'),
    status: text('status').$type<TPieceStatus>().notNull().default('booked'),
    /** Why a piece was left behind at pickup (not_handed_over), with the driver's note. */
    missingReason: text('missing_reason').$type<TMissingPieceReason>(),
    missingNote: text('missing_note'),
    /** The count at the last hand-over (a controlled substance), null until counted. */
    lastCount: doublePrecision('last_count'),
    /** When the receiving lab received it. */
    receivedAt: timestamp('received_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('delivery_pieces_delivery_seq_uq').on(t.deliveryId, t.seq),
    index('delivery_pieces_delivery_idx').on(t.deliveryId),
    check('delivery_pieces_seq_check', sql`${t.seq} between 1 and 99`),
    check(
      'delivery_pieces_status_check',
      sql`${t.status} in ('booked', 'picked_up', 'not_handed_over', 'delivered', 'received', 'missing', 'damaged', 'rejected')`,
    ),
    check('delivery_pieces_kind_check', sql`${t.kind} in ('bag', 'box', 'cooler', 'tote', 'tube', 'envelope')`),
  ],
);

/**
 * What a piece's check at a hand-over found that differs from what was expected (append-only): a drug test's
 * form number or seal (refused at pickup), a controlled substance's count that differs from the last one.
 * The lab door's discrepancy cases read the count rows (kind 'controlled_count').
 */
export const pieceCheckFindings = pgTable(
  'piece_check_findings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pieceId: uuid('piece_id')
      .notNull()
      .references(() => deliveryPieces.id),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id),
    /** 'ccf_mismatch' | 'seal_broken' | 'controlled_count'. */
    kind: text('kind').$type<'ccf_mismatch' | 'seal_broken' | 'controlled_count'>().notNull(),
    /** The hand-over: 'pickup' or 'delivery'. */
    handover: text('handover').$type<'pickup' | 'delivery'>().notNull(),
    expected: text('expected'),
    found: text('found'),
    /** The custody event's seq the finding belongs to, when one was written (counts); null for a refusal. */
    eventSeq: integer('event_seq'),
    actorId: uuid('actor_id').references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('piece_check_findings_delivery_idx').on(t.deliveryId),
    index('piece_check_findings_kind_at_idx').on(t.kind, t.at),
    check('piece_check_findings_kind_check', sql`${t.kind} in ('ccf_mismatch', 'seal_broken', 'controlled_count')`),
  ],
);
