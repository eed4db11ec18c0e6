import type { TPieceStatus } from '@courier/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { deliveryPieces } from '../../db/schema/index.js';

/**
 * The lab's answer for each piece, in the caller's transaction: its status and the time it was received (or found
 * missing). Only pieces that reached the lab change (not those left behind at pickup).
 */
export async function recordPieceResults(
  tx: DbOrTx,
  results: readonly { pieceId: string; status: Extract<TPieceStatus, 'received' | 'missing' | 'damaged' | 'rejected'>; at: Date }[],
  now: Date,
): Promise<void> {
  for (const r of results)
    await tx
      .update(deliveryPieces)
      .set({ status: r.status, receivedAt: r.at, updatedAt: now })
      .where(and(eq(deliveryPieces.id, r.pieceId), inArray(deliveryPieces.status, ['booked', 'picked_up', 'delivered'])));
}
