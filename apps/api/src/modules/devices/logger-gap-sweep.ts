import { ON_BOARD_STATUSES } from '@courier/contract';
import { and, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { deliveries, loggerBindings, temperatureReadings } from '../../db/schema/index.js';
import { createPeriodicTask, type PeriodicTask } from '../../platform/background-work.js';
import type { Services } from '../../services.js';
import { formatBusinessTime } from '../../shared/business-time.js';
import { findGaps } from '../../shared/temperature-breaches.js';
import { lockDelivery } from '../medical/record-readings.js';
import { sendMedicalMessages } from '../messages/medical-messages.js';

/** How many of a logger's newest readings the sweep reads to find its interval and whether it has gone quiet. */
const RECENT_READINGS = 50;

/**
 * Loggers bound to a parcel on board that have said nothing for longer than three of their own intervals: dispatch
 * is told once per silence (the binding's gapNotifiedAt moves past the silence's start, claimed by one update so
 * several processes never tell twice). A silence that ends and comes again is a new gap and is told again.
 * Answers how many gaps were told.
 */
export async function sweepLoggerGaps(services: Pick<Services, 'db' | 'clock' | 'publicUrl' | 'env'>): Promise<number> {
  const now = services.clock.now();
  const bound = await services.db
    .select({
      id: loggerBindings.id,
      deviceId: loggerBindings.deviceId,
      deliveryId: loggerBindings.deliveryId,
      gapNotifiedAt: loggerBindings.gapNotifiedAt,
    })
    .from(loggerBindings)
    .innerJoin(deliveries, eq(deliveries.id, loggerBindings.deliveryId))
    .where(inArray(deliveries.status, [...ON_BOARD_STATUSES]));
  let told = 0;
  for (const b of bound) {
    // The newest readings only: they give the logger's interval and its last word; a long trace is not re-read each minute.
    const trace = (
      await services.db
        .select({ at: temperatureReadings.at, celsius: temperatureReadings.celsius })
        .from(temperatureReadings)
        .where(and(eq(temperatureReadings.deliveryId, b.deliveryId), eq(temperatureReadings.deviceId, b.deviceId)))
        .orderBy(desc(temperatureReadings.at))
        .limit(RECENT_READINGS)
    ).reverse();
    const open = findGaps(trace, now).find((g) => g.to.getTime() === now.getTime());
    if (!open || (b.gapNotifiedAt && b.gapNotifiedAt >= open.from)) continue;
    const since = open.from;
    told += await services.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(loggerBindings)
        .set({ gapNotifiedAt: now })
        .where(and(eq(loggerBindings.id, b.id), or(isNull(loggerBindings.gapNotifiedAt), lt(loggerBindings.gapNotifiedAt, since))))
        .returning({ id: loggerBindings.id });
      if (!claimed) return 0;
      const d = await lockDelivery(tx, b.deliveryId);
      const detail = `no reading from logger ${b.deviceId} since ${formatBusinessTime(since, services.env.BUSINESS_TZ)}`;
      await sendMedicalMessages(tx, services, d, 'logger_gap', now, detail);
      return 1;
    });
  }
  return told;
}

export type LoggerGapSweep = Pick<PeriodicTask<number>, 'start' | 'stop'>;

/** The periodic gap sweep in each server process (LOGGER_GAP_SWEEP_MS, a minute by default). */
export function createLoggerGapSweep(
  services: Services,
  log: FastifyBaseLogger,
  intervalMs = services.env.LOGGER_GAP_SWEEP_MS,
): LoggerGapSweep {
  return createPeriodicTask({
    log,
    failure: 'logger gap sweep failed',
    intervalMs,
    firstRunAfterMs: 5000,
    onSuccess: () => services.metrics.jobSucceeded('logger_gaps'),
    run: async () => {
      const n = await sweepLoggerGaps(services);
      if (n > 0) services.outbox.kick();
      return n;
    },
  });
}
