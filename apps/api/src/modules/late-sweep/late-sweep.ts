import { and, asc, inArray, isNull, lte, notInArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { deliveries } from '../../db/schema/index.js';
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

export interface LateSweep {
  start(): void;
  stop(): Promise<void>;
}

/** The periodic sweep in each server process; several processes never flag a delivery twice. */
export function createLateSweep(services: Services, log: FastifyBaseLogger, intervalMs = SWEEP_EVERY_MS): LateSweep {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;
  const tick = () => {
    running = sweepLateDeliveries(services)
      // The STAT escalation rides the same tick: both flag rows once, whichever process gets there first.
      .then(async (late) => late + (await escalateUnassignedStats(services)))
      .then((n) => {
        if (n > 0) services.outbox.kick();
      })
      .catch((err) => log.warn({ err: (err as Error).message }, 'late-delivery sweep failed'))
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  return {
    start: () => {
      if (!stopped) return;
      stopped = false;
      timer = setTimeout(tick, 1000);
    },
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
