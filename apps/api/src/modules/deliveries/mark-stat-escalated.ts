import { and, eq, isNull, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { deliveries } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';

/**
 * Flags every STAT still approved and unassigned since before `approvedBefore`, once, in the caller's transaction:
 * the conditional update (stat_escalated_at still null) lets exactly one process flag each delivery. Each flag
 * gets its audit row and the caller's writes (`within`: who hears of it); answers the flagged rows.
 */
export async function markStatEscalated(
  tx: DbOrTx,
  input: { approvedBefore: Date; at: Date },
  within?: (tx: DbOrTx, row: DeliveryRow) => Promise<void>,
): Promise<DeliveryRow[]> {
  const rows = await tx
    .update(deliveries)
    .set({ statEscalatedAt: input.at })
    .where(
      and(
        eq(deliveries.priority, 'stat'),
        eq(deliveries.status, 'approved'),
        isNull(deliveries.statEscalatedAt),
        lte(deliveries.approvedAt, input.approvedBefore),
      ),
    )
    .returning();
  for (const d of rows) {
    await within?.(tx, d);
    await recordAudit(
      tx,
      { actorId: null, action: 'delivery.stat_escalated', targetType: 'delivery', targetId: d.id, details: { orderId: d.orderId } },
      input.at,
    );
  }
  return rows;
}
