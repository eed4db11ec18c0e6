import type { FastifyBaseLogger } from 'fastify';
import { createPeriodicTask, type PeriodicTask } from '../../platform/background-work.js';
import type { Services } from '../../services.js';
import { flagLateDeliveries } from '../deliveries/flag-late-deliveries.js';
import { escalateUnassignedStats } from '../medical/escalate-stat.js';

/** "About to be late": required-by within this margin and not delivered. */
export const LATE_MARGIN_MS = 30 * 60_000;
const SWEEP_EVERY_MS = 60_000;
const BATCH = 50;

/**
 * Flags deliveries that are (about to be) late and tells the customer and staff, once each: the delivery module
 * picks each row with a lock that other processes skip and flags it in the same transaction as its messages.
 */
export async function sweepLateDeliveries(services: Pick<Services, 'db' | 'clock' | 'publicUrl' | 'env' | 'jwtKey'>) {
  const now = services.clock.now();
  return services.db.transaction((tx) =>
    flagLateDeliveries(tx, services, { dueBy: new Date(now.getTime() + LATE_MARGIN_MS), at: now, limit: BATCH }),
  );
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
