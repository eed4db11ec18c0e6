import { MISSING_PIECE_REASON_LABELS, type TMissingPieceReason } from '@courier/contract';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import type { deliveryPieces } from '../../db/schema/index.js';
import { type NewDiscrepancy, openDiscrepancies } from '../discrepancies/open-discrepancies.js';

type Piece = typeof deliveryPieces.$inferSelect;
/** What a hand-over found: the counts that differ, the pieces left behind (see PieceHandOverPlan). */
export interface HandOverFindings {
  handover: 'pickup' | 'delivery';
  counts: { piece: Piece; expected: number; found: number }[];
  missing: { piece: Piece; reason: TMissingPieceReason; note: string | null }[];
}

const amount = (n: number, unit: string | null) => `${n}${unit ? ` ${unit}` : ''}`;

/**
 * The cases a hand-over opens at once, in the move's transaction: a controlled count that differs from the last one
 * (dispatch's bell, the owner and administrators by e-mail), and each piece left behind, at pickup (not handed over)
 * or at the door (missing): dispatch and the owner were just told of it by the pieces-left message, so no second
 * word. The lab's reconciliation does not open a second case for a piece already missing (see reconcile-manifest).
 */
export async function openHandOverCases(tx: Tx, services: Services, actor: Actor, plan: HandOverFindings, deliveryId: string, at: Date) {
  const where = plan.handover === 'pickup' ? 'at pickup' : 'at delivery';
  const counts: NewDiscrepancy[] = plan.counts.map(({ piece, expected, found }) => ({
    kind: 'controlled_count',
    deliveryId,
    pieceId: piece.id,
    barcode: piece.barcode,
    detail: `Counted ${amount(found, piece.unit)} ${where}; the last count was ${amount(expected, piece.unit)}.`,
    expectedQuantity: expected,
    countedQuantity: found,
    unit: piece.unit,
  }));
  await openDiscrepancies(tx, services, counts, { actorId: actor.id, ip: actor.ip }, at);
  const left: NewDiscrepancy[] = plan.missing.map(({ piece, reason, note }) => ({
    kind: plan.handover === 'pickup' ? 'not_handed_over' : 'missing',
    deliveryId,
    pieceId: piece.id,
    barcode: piece.barcode,
    reason,
    detail: `Not handed over ${where}: ${MISSING_PIECE_REASON_LABELS[reason]}${note ? ` (${note})` : ''}`,
  }));
  await openDiscrepancies(tx, services, left, { actorId: actor.id, ip: actor.ip, alreadyTold: true }, at);
}
