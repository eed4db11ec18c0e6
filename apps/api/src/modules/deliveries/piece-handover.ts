import {
  DRUG_TEST_REFUSALS,
  MISSING_PIECE_REASON_LABELS,
  normalizePieceBarcode,
  normalizeTrackingNumber,
  sameCcfNumber,
  type TMissingPiece,
  type TPieceCheck,
  type TPieceStatus,
} from '@courier/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { deliveryPieces, pieceCheckFindings } from '../../db/schema/index.js';
import { AppError, badRequest, conflict } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, hatsFor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';
import { sendMedicalMessages } from '../messages/medical-messages.js';
import { appendHandlingEvent } from './custody.js';

/**
 * The pieces at a hand-over (pickup, or the proof of delivery): which were scanned, which the driver left
 * behind and why, and what a drug test's form and seal or a controlled substance's count showed. Checked
 * before the move (planPieceHandOver), written in the move's transaction (writePieceHandOver).
 */

export type PieceRow = typeof deliveryPieces.$inferSelect;
export type HandOver = 'pickup' | 'delivery';

export interface PieceHandOverInput {
  scannedPieces?: string[];
  /** The one tracking number of today's clients: stands for the one piece of a one-piece delivery. */
  scannedOrderId?: string;
  pieceChecks?: TPieceCheck[];
  missingPieces?: TMissingPiece[];
}

export interface PieceHandOverPlan {
  handover: HandOver;
  total: number;
  scanned: { piece: PieceRow; check: TPieceCheck | undefined }[];
  missing: { piece: PieceRow; reason: TMissingPiece['reason']; note: string | null }[];
  /** A controlled piece whose count differs from the last one: recorded (and a case opened, medical/piece-cases), never refused. */
  counts: { piece: PieceRow; expected: number; found: number }[];
}

export const SCAN_MISSING = "scannedOrderId: Scan or type the tracking number on the parcel's label";
export const scanMismatch = (scanned: string) =>
  `The tracking number on this parcel (${scanned}) is not this delivery's. Check you have the right parcel; nothing was changed.`;
export const scanEachPiece = (n: number) => `scannedPieces: This delivery has ${n} pieces: scan the label of each one`;
export const piecesLeft = (barcodes: string[]) =>
  `scannedPieces: Scan every piece or name it in missingPieces (not scanned: ${barcodes.join(', ')})`;
export const NO_PIECE_SCANNED = 'scannedPieces: Scan at least one piece';
export const DRUG_TEST_CHECKS = "pieceChecks: A drug test needs each bottle's CCF number and whether its seal is intact";
export const COUNT_EACH = 'pieceChecks: Count each controlled-substance piece (quantity)';

/** Read as tracking lookup reads it (spaces, dashes, case, I/L/O forgiven): labels print it plain, people type it every way. */
const normalizedOrderId = (s: string) => normalizeTrackingNumber(s) ?? s.replace(/[\s-]/g, '').toUpperCase();

export function readPieces(db: DbOrTx, deliveryId: string): Promise<PieceRow[]> {
  return db.select().from(deliveryPieces).where(eq(deliveryPieces.deliveryId, deliveryId)).orderBy(asc(deliveryPieces.seq));
}

/** Which pieces may change hands here: at pickup those not yet taken (or on board, collected from another driver); at the drop those on board. */
const ELIGIBLE: Record<HandOver, readonly TPieceStatus[]> = { pickup: ['booked', 'picked_up'], delivery: ['picked_up'] };

async function refuseScan(services: Services, actor: Actor, d: DeliveryRow, scanned: string, handover: HandOver): Promise<never> {
  // Nothing moves, but the wrong parcel in a driver's hands is on record for dispatch.
  await recordAudit(
    services.db,
    {
      actorId: actor.id,
      action: handover === 'pickup' ? 'delivery.pickup_scan_mismatch' : 'delivery.proof_scan_mismatch',
      targetType: 'delivery',
      targetId: d.id,
      ip: actor.ip,
      details: { orderId: d.orderId, scannedOrderId: scanned.slice(0, 64) },
    },
    services.clock.now(),
  );
  throw conflict(scanMismatch(scanned));
}

/**
 * Checks a hand-over's scans against the delivery's pieces. Null at the drop when no piece was scanned (today's
 * clients): every piece on board is handed over. A wrong barcode is refused (409) and audited; a drug test
 * whose form number differs or whose seal is broken is refused (409 CCF_MISMATCH, SEAL_BROKEN), recorded and
 * the collector told.
 */
export async function planPieceHandOver(
  services: Services,
  actor: Actor,
  d: DeliveryRow,
  input: PieceHandOverInput,
  handover: HandOver,
): Promise<PieceHandOverPlan | null> {
  if (!hatsFor(actor, d).includes('driver')) throw conflict('Only the driver of the job hands its pieces over');
  const pieces = await readPieces(services.db, d.id);
  const eligible = pieces.filter((p) => ELIGIBLE[handover].includes(p.status));
  const byBarcode = new Map(pieces.map((p) => [p.barcode, p]));
  let barcodes: string[];
  if (input.scannedPieces?.length) {
    barcodes = [...new Set(input.scannedPieces.map(normalizePieceBarcode))];
    // The tracking number alone names the one piece of a one-piece delivery.
    if (eligible.length === 1 && pieces.length === 1)
      barcodes = barcodes.map((b) => (!byBarcode.has(b) && normalizedOrderId(b) === d.orderId ? eligible[0].barcode : b));
  } else if (input.scannedOrderId?.trim()) {
    const scanned = input.scannedOrderId.trim();
    const asPiece = byBarcode.get(normalizePieceBarcode(scanned));
    if (asPiece) barcodes = [asPiece.barcode];
    else if (normalizedOrderId(scanned) !== d.orderId) return refuseScan(services, actor, d, scanned, handover);
    else if (eligible.length > 1) throw badRequest(scanEachPiece(eligible.length), 'scannedPieces');
    else barcodes = eligible.map((p) => p.barcode);
  } else if (handover === 'pickup') {
    throw badRequest(
      eligible.length > 1 ? scanEachPiece(eligible.length) : SCAN_MISSING,
      eligible.length > 1 ? 'scannedPieces' : 'scannedOrderId',
    );
  } else return null;

  for (const b of barcodes) {
    const piece = byBarcode.get(b);
    if (!piece || !ELIGIBLE[handover].includes(piece.status)) await refuseScan(services, actor, d, b, handover);
  }
  const scannedSet = new Set(barcodes);
  const missing = (input.missingPieces ?? []).map((m) => {
    const piece = eligible.find((p) => p.seq === m.seq);
    if (!piece || scannedSet.has(piece.barcode))
      throw badRequest(`missingPieces: Piece ${m.seq} is not one to name missing here (scanned, or not on this delivery)`, 'missingPieces');
    return { piece, reason: m.reason, note: m.note ?? null };
  });
  const left = eligible.filter((p) => !scannedSet.has(p.barcode) && !missing.some((m) => m.piece.id === p.id));
  if (left.length > 0) throw badRequest(piecesLeft(left.map((p) => p.barcode)), 'scannedPieces');
  if (barcodes.length === 0 && eligible.length > 0) throw badRequest(NO_PIECE_SCANNED, 'scannedPieces');

  const checks = new Map((input.pieceChecks ?? []).map((c) => [normalizePieceBarcode(c.barcode), c]));
  const scanned = barcodes.map((b) => ({ piece: byBarcode.get(b) as PieceRow, check: checks.get(b) }));
  if (handover === 'pickup' && d.specimenCategory === 'drug_test') await checkDrugTests(services, actor, d, scanned);
  const counts: PieceHandOverPlan['counts'] = [];
  if (d.controlledSubstance)
    for (const { piece, check } of scanned) {
      if (piece.quantity === null) continue;
      if (check?.quantity === undefined) throw badRequest(`${COUNT_EACH}: ${piece.barcode}`, 'pieceChecks');
      const expected = piece.lastCount ?? piece.quantity;
      if (check.quantity !== expected) counts.push({ piece, expected, found: check.quantity });
    }
  return { handover, total: pieces.length, scanned, missing, counts };
}

/** Each drug-test bottle's form number and seal: a flaw refuses the whole pickup, recorded, the collector told. */
async function checkDrugTests(services: Services, actor: Actor, d: DeliveryRow, scanned: PieceHandOverPlan['scanned']) {
  const flaws: { piece: PieceRow; kind: 'ccf_mismatch' | 'seal_broken'; expected: string | null; found: string | null }[] = [];
  for (const { piece, check } of scanned) {
    if (!check?.ccfNumber || check.sealIntact === undefined) throw badRequest(`${DRUG_TEST_CHECKS}: ${piece.barcode}`, 'pieceChecks');
    if (piece.ccfNumber && !sameCcfNumber(piece.ccfNumber, check.ccfNumber))
      flaws.push({ piece, kind: 'ccf_mismatch', expected: piece.ccfNumber, found: check.ccfNumber });
    if (!check.sealIntact) flaws.push({ piece, kind: 'seal_broken', expected: 'intact', found: 'broken' });
  }
  if (flaws.length === 0) return;
  const at = services.clock.now();
  const detail = flaws
    .map((f) => `${f.piece.barcode} ${f.kind === 'ccf_mismatch' ? 'does not match its Custody and Control Form' : 'has a broken seal'}`)
    .join('; ');
  await services.db.transaction(async (tx) => {
    await tx.insert(pieceCheckFindings).values(
      flaws.map((f) => ({
        pieceId: f.piece.id,
        deliveryId: d.id,
        kind: f.kind,
        handover: 'pickup' as const,
        expected: f.expected,
        found: f.found,
        actorId: actor.id,
        at,
      })),
    );
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'delivery.pickup_refused',
        targetType: 'delivery',
        targetId: d.id,
        ip: actor.ip,
        details: { orderId: d.orderId, flaws: flaws.map((f) => ({ barcode: f.piece.barcode, kind: f.kind })) },
      },
      at,
    );
    await sendMedicalMessages(tx, services, d, 'pickup_refused', at, detail);
  });
  services.outbox.kick();
  const first = flaws[0];
  throw first.kind === 'ccf_mismatch'
    ? new AppError('CCF_MISMATCH', DRUG_TEST_REFUSALS.CCF_MISMATCH(first.piece.barcode))
    : new AppError('SEAL_BROKEN', DRUG_TEST_REFUSALS.SEAL_BROKEN(first.piece.barcode));
}

const describe = (p: PieceRow, total: number) => `Piece ${p.seq} of ${total} (${p.barcode})`;

/** The hand-over's writes in the move's transaction: each piece's status, a custody event per piece, counts and notices (the cases: medical/piece-cases). */
export async function writePieceHandOver(tx: Tx, services: Services, actor: Actor, row: DeliveryRow, plan: PieceHandOverPlan) {
  const now = services.clock.now();
  const where = plan.handover === 'pickup' ? 'at pickup' : 'at delivery';
  for (const { piece, check } of plan.scanned) {
    await tx
      .update(deliveryPieces)
      .set({
        status: plan.handover === 'pickup' ? 'picked_up' : 'delivered',
        ccfNumber: piece.ccfNumber ?? check?.ccfNumber ?? null,
        sealIntact: check?.sealIntact ?? piece.sealIntact,
        lastCount: check?.quantity ?? piece.lastCount,
        updatedAt: now,
      })
      .where(eq(deliveryPieces.id, piece.id));
    const extras = [
      check?.ccfNumber ? `CCF ${check.ccfNumber}` : null,
      check?.sealIntact === undefined ? null : check.sealIntact ? 'seal intact' : 'seal broken',
      check?.quantity === undefined ? null : `count ${check.quantity}${piece.unit ? ` ${piece.unit}` : ''}`,
    ].filter(Boolean);
    const event = await appendHandlingEvent(
      tx,
      row,
      actor,
      'piece',
      `${describe(piece, plan.total)} scanned ${where}${extras.length ? `; ${extras.join(', ')}` : ''}`,
      now,
    );
    const count = plan.counts.find((c) => c.piece.id === piece.id);
    if (count) {
      await tx.insert(pieceCheckFindings).values({
        pieceId: piece.id,
        deliveryId: row.id,
        kind: 'controlled_count',
        handover: plan.handover,
        expected: String(count.expected),
        found: String(count.found),
        eventSeq: event.seq,
        actorId: actor.id,
        at: now,
      });
      await recordAudit(
        tx,
        {
          actorId: actor.id,
          action: 'piece.count_mismatch',
          targetType: 'delivery',
          targetId: row.id,
          ip: actor.ip,
          details: { orderId: row.orderId, barcode: piece.barcode, expected: count.expected, found: count.found, handover: plan.handover },
        },
        now,
      );
    }
  }
  for (const { piece, reason, note } of plan.missing) {
    await tx
      .update(deliveryPieces)
      .set({ status: plan.handover === 'pickup' ? 'not_handed_over' : 'missing', missingReason: reason, missingNote: note, updatedAt: now })
      .where(eq(deliveryPieces.id, piece.id));
    const why = `${MISSING_PIECE_REASON_LABELS[reason]}${note ? ` (${note})` : ''}`;
    await appendHandlingEvent(tx, row, actor, 'piece', `${describe(piece, plan.total)} not handed over ${where}: ${why}`, now);
  }
  if (plan.missing.length > 0) {
    const detail = plan.missing
      .map(({ piece, reason }) => `piece ${piece.seq} of ${plan.total} (${MISSING_PIECE_REASON_LABELS[reason].toLowerCase()})`)
      .join(', ');
    await sendMedicalMessages(tx, services, row, 'pieces_left', now, detail);
  }
}

/** At the drop without piece scans (today's clients): every piece on board is delivered, no piece event. */
export async function deliverAllPieces(tx: Tx, deliveryId: string, at: Date) {
  await tx
    .update(deliveryPieces)
    .set({ status: 'delivered', updatedAt: at })
    .where(and(eq(deliveryPieces.deliveryId, deliveryId), eq(deliveryPieces.status, 'picked_up')));
}
