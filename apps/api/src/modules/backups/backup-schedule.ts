import { readdir } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createPeriodicTask } from '../../platform/background-work.js';
import { backupArchiveTime } from '../../platform/backup-names.js';
import type { Services } from '../../services.js';
import { localClock } from '../../shared/business-time.js';
import { type BackupResult, takeBackup } from './take-backup.js';

const EVERY_MS = 60_000;
/** pg_try_advisory_xact_lock key: one process of many takes the daily backup. */
const BACKUP_LOCK_KEY = 0x6d63_6b70;

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's backups (main.ts takes one on SIGUSR2, which `npm run backup` sends). */
    backups: BackupSchedule;
  }
}

export interface BackupSchedule {
  /** Takes a backup now (one at a time in this process); resolves to it. */
  takeNow(): Promise<BackupResult>;
  /** What the daily timer runs: today's backup if BACKUP_AT has passed and none was taken today. */
  runDue(): Promise<BackupResult | null>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * The server's own backups: on request (`npm run backup` signals a server that holds the embedded database) and,
 * with BACKUP_AT, daily at that time of BUSINESS_TZ once the day has no archive yet. On PostgreSQL an advisory lock
 * lets one process of many take it (with BACKUP_DIR shared, the others then find today's archive).
 */
export function createBackupSchedule(services: Services, log: FastifyBaseLogger): BackupSchedule {
  const { env } = services;
  const backup = async () => {
    const result = await takeBackup({
      database: services.database,
      dataDir: env.DATA_DIR,
      backupDir: env.BACKUP_DIR,
      keep: env.BACKUP_KEEP,
      at: services.clock.now(),
    });
    services.metrics.jobSucceeded('backup');
    log.info(
      { archive: result.archive, tables: Object.keys(result.manifest.tables).length, files: result.manifest.files.length },
      'backup taken',
    );
    return result;
  };
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => {});
    return next;
  };

  /** An archive taken on this business date is already there. */
  const takenToday = async (date: string) => {
    const names = await readdir(env.BACKUP_DIR).catch(() => [] as string[]);
    return names.some((n) => {
      const at = backupArchiveTime(n);
      return at !== null && localClock(at, env.BUSINESS_TZ).date === date;
    });
  };

  /** Today's backup, when BACKUP_AT has passed and no archive of this business date exists yet; else null. */
  const runDue = async (): Promise<BackupResult | null> => {
    if (!env.BACKUP_AT) return null;
    const now = localClock(services.clock.now(), env.BUSINESS_TZ);
    if (now.time < env.BACKUP_AT || (await takenToday(now.date))) return null;
    if (services.database.kind !== 'postgres') return oneAtATime(backup);
    return services.db.transaction(async (tx) => {
      const [row] = (await tx.execute(sql`select pg_try_advisory_xact_lock(${BACKUP_LOCK_KEY}) as got`)).rows as { got: boolean }[];
      return row?.got && !(await takenToday(now.date)) ? oneAtATime(backup) : null;
    });
  };

  const daily = createPeriodicTask({ log, failure: 'daily backup failed', intervalMs: EVERY_MS, firstRunAfterMs: EVERY_MS, run: runDue });

  return {
    takeNow: () => oneAtATime(backup),
    runDue,
    start: () => {
      if (env.BACKUP_AT) daily.start();
    },
    stop: async () => {
      await daily.stop();
      await queue;
    },
  };
}
