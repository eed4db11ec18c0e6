import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { deliveryAttempts } from '../../db/schema/index.js';

/**
 * Marks the latest failed attempt still waiting for a decision as decided (a return, or a re-attempt in a new
 * window), inside the move's transaction; nothing when none waits.
 */
export async function decideOpenAttempt(
  tx: Tx,
  deliveryId: string,
  decision: { decision: 'return' | 'reattempt'; decidedAt: Date; decidedBy: string; nextWindowFrom?: Date; nextWindowTo?: Date },
): Promise<void> {
  const [open] = await tx
    .select({ id: deliveryAttempts.id })
    .from(deliveryAttempts)
    .where(and(eq(deliveryAttempts.deliveryId, deliveryId), isNull(deliveryAttempts.decision)))
    .orderBy(desc(deliveryAttempts.n))
    .limit(1);
  if (open) await tx.update(deliveryAttempts).set(decision).where(eq(deliveryAttempts.id, open.id));
}
