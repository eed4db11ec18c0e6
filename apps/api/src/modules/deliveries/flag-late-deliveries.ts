import { and, asc, inArray, isNull, lte, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { deliveries } from '../../db/schema/index.js';
import type { Services } from '../../services.js';
import { sendDeliveryMessages } from '../messages/send-delivery-messages.js';

/**
 * Flags up to `limit` deliveries required by `dueBy` and not yet over or going back, each once, and tells their
 * owner and staff, in the caller's transaction: rows are picked with a lock other processes skip, so several
 * processes never flag one twice. Answers how many were flagged.
 */
export async function flagLateDeliveries(
  tx: DbOrTx,
  services: Pick<Services, 'publicUrl' | 'env' | 'jwtKey'>,
  input: { dueBy: Date; at: Date; limit: number },
): Promise<number> {
  const due = tx
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(
      and(
        isNull(deliveries.lateNotifiedAt),
        notInArray(deliveries.status, ['delivered', 'cancelled', 'returning', 'returned']),
        lte(deliveries.requiredBy, input.dueBy),
      ),
    )
    .orderBy(asc(deliveries.requiredBy))
    .limit(input.limit)
    .for('update', { skipLocked: true });
  const rows = await tx
    .update(deliveries)
    .set({ lateNotifiedAt: input.at })
    .where(and(inArray(deliveries.id, due), isNull(deliveries.lateNotifiedAt)))
    .returning();
  for (const d of rows) await sendDeliveryMessages(tx, services, d, 'late', input.at);
  return rows.length;
}
