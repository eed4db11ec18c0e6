import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { auditEvents } from '../../db/schema/index.js';
import { createPeriodicTask, type PeriodicTask } from '../../platform/background-work.js';
import type { Services } from '../../services.js';
import { localClock } from '../../shared/business-time.js';
import { applyRetention, type RetentionReport } from './apply-retention.js';

const EVERY_MS = 10 * 60_000;
/** The night's run starts at this time of BUSINESS_TZ (or at the first check after it). */
export const RETENTION_AT = '02:00';
/** pg_try_advisory_xact_lock key: one process of many runs the night's retention. */
const RETENTION_LOCK_KEY = 0x6d63_7274;

export type RetentionSchedule = Pick<PeriodicTask<RetentionReport | null>, 'start' | 'stop' | 'run'>;

/**
 * The nightly retention run in each server process: after RETENTION_AT, once a night (a 'retention.run' audit row
 * tells whether tonight's ran). On PostgreSQL an advisory lock lets one process of many run it; the others find
 * its audit row. Nothing runs unless a retention limit is set.
 */
export function createRetentionSchedule(services: Services, log: FastifyBaseLogger, intervalMs = EVERY_MS): RetentionSchedule {
  const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  /** A run since today's RETENTION_AT (business time) means tonight's is done. */
  const ranTonight = async () => {
    const now = services.clock.now();
    const past = minutes(localClock(now, services.env.BUSINESS_TZ).time) - minutes(RETENTION_AT);
    const since = new Date(now.getTime() - (past + 1) * 60_000);
    const [row] = await services.db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'retention.run'), gt(auditEvents.createdAt, since)))
      .limit(1);
    return !!row;
  };

  const runDue = async (): Promise<RetentionReport | null> => {
    const { env } = services;
    if (!env.RETENTION_PERSONAL_DAYS && !env.RETENTION_RECORDS_YEARS) return null;
    if (localClock(services.clock.now(), env.BUSINESS_TZ).time < RETENTION_AT || (await ranTonight())) return null;
    if (services.database.kind !== 'postgres') return applyRetention(services);
    return services.db.transaction(async (tx) => {
      const [row] = (await tx.execute(sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK_KEY}) as got`)).rows as { got: boolean }[];
      return row?.got && !(await ranTonight()) ? applyRetention(services) : null;
    });
  };

  return createPeriodicTask({ log, failure: 'retention run failed', intervalMs, firstRunAfterMs: 60_000, run: runDue });
}
