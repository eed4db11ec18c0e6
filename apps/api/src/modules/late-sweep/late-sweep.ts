import { and, asc, inArray, isNull, lte, notInArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { deliveries } from '../../db/schema/index.js';
import { createPeriodicTask, type PeriodicTask } from '../../platform/background-work.js';
import type { Services } from '../../services.js';
import { escalateUnassignedStats } from '../medical/escalate-stat.js';
import { sendDeliveryMessages } from '../messages/send-delivery-messages.js';

/** "About to be late": required-by within this margin and not delivered. */
export const LATE_MARGIN_MS = 30 * 60_000;
const SWEEP_EVERY_MS = 60_000;
const BATCH = 50;

/**
 * Flags deliveries that are (about to be) late and tells the customer and staff, once each: the row is
 * picked with a lock that other processes skip and flagged in the same transaction as its messages.
 */
export async function sweepLateDeliveries(services: Pick<Services, 'db' | 'clock' | 'publicUrl' | 'env' | 'jwtKey'>) {
  const now = services.clock.now();
  const flagged = await services.db.transaction(async (tx) => {
    const due = tx
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(
        and(
          isNull(deliveries.lateNotifiedAt),
          notInArray(deliveries.status, ['delivered', 'cancelled', 'returning', 'returned']),
          lte(deliveries.requiredBy, new Date(now.getTime() + LATE_MARGIN_MS)),
        ),
      )
      .orderBy(asc(deliveries.requiredBy))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const rows = await tx
      .update(deliveries)
      .set({ lateNotifiedAt: now })
      .where(and(inArray(deliveries.id, due), isNull(deliveries.lateNotifiedAt)))
      .returning();
    for (const d of rows) await sendDeliveryMessages(tx, services, d, 'late', now);
    return rows.length;
  });
  return flagged;
}

export type LateSweep = Pick<PeriodicTask<number>, 'start' | 'stop'>;

/** The periodic sweep in each server process; several processes never flag a delivery twice. */
export function createLateSweep(services: Services, log: FastifyBaseLogger, intervalMs = SWEEP_EVERY_MS): LateSweep {
  return createPeriodicTask({
    log,
    failure: 'late-delivery sweep failed',
    intervalMs,
    firstRunAfterMs: 1000,
    onSuccess: () => services.metrics.jobSucceeded('late_sweep'),
    run: async () => {
      // The STAT escalation rides the same tick: both flag rows once, whichever process gets there first.
      const n = (await sweepLateDeliveries(services)) + (await escalateUnassignedStats(services));
      if (n > 0) services.outbox.kick();
      return n;
    },
  });
}
