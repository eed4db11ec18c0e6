import { STAT_ESCALATE_MINUTES } from '@courier/contract';
import { and, eq, isNull, lte } from 'drizzle-orm';
import { deliveries } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import type { Services } from '../../services.js';
import { sendMedicalMessages } from '../messages/medical-messages.js';

/**
 * A STAT still not assigned 15 minutes after approval is escalated to MANAGER and above, once: the
 * conditional update (stat_escalated_at still null) lets exactly one process flag each delivery, and the
 * messages commit with the flag. No lock is held between processes.
 */
export async function escalateUnassignedStats(services: Pick<Services, 'db' | 'clock' | 'publicUrl'>): Promise<number> {
  const now = services.clock.now();
  const edge = new Date(now.getTime() - STAT_ESCALATE_MINUTES * 60_000);
  return services.db.transaction(async (tx) => {
    const rows = await tx
      .update(deliveries)
      .set({ statEscalatedAt: now })
      .where(
        and(
          eq(deliveries.priority, 'stat'),
          eq(deliveries.status, 'approved'),
          isNull(deliveries.statEscalatedAt),
          lte(deliveries.approvedAt, edge),
        ),
      )
      .returning();
    for (const d of rows) {
      await sendMedicalMessages(tx, services, d, 'escalated', now);
      await recordAudit(
        tx,
        { actorId: null, action: 'delivery.stat_escalated', targetType: 'delivery', targetId: d.id, details: { orderId: d.orderId } },
        now,
      );
    }
    return rows.length;
  });
}
