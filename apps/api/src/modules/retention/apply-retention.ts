import { and, eq, like, lt, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { auditEvents, idempotencyKeys, notifications, optins, outboxMessages } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import type { Services } from '../../services.js';
import {
  contactStillInUse,
  pickDeliveriesToRedact,
  REMOVED,
  type RedactedDelivery,
  redactPersonalDetails,
  scrub,
} from '../deliveries/redact-personal-details.js';

const DAY_MS = 86_400_000;
/** Deliveries redacted per transaction: a big first run goes in short steps. */
const BATCH = 50;

export interface RetentionReport {
  /** Finished deliveries whose recipient's personal details were removed. */
  deliveries: number;
  /** Custody events whose notes named the recipient, now sealed by a redaction event. */
  sealedEvents: number;
  /** Photos, signatures and labels removed from storage. */
  files: number;
  /** Sent or failed e-mails and texts about those deliveries: the recipient's emptied, others scrubbed. */
  messages: number;
  notifications: number;
  /** Consent records of numbers no delivery uses any more. */
  optins: number;
  /** Stored idempotent answers (which repeat delivery details) older than the personal-details limit. */
  idempotencyKeys: number;
  /** Audit rows older than RETENTION_RECORDS_YEARS, deleted. */
  auditRows: number;
}

type RetentionServices = Pick<Services, 'db' | 'env' | 'clock' | 'storage' | 'log' | 'metrics'>;

/**
 * Messages about this delivery (they name its order id) that have left: the recipient's own are emptied of who and
 * what; others (the customer's) lose the personal values they repeated ("received by ...").
 */
async function scrubMessages(tx: DbOrTx, r: RedactedDelivery): Promise<number> {
  const theirs = new Set([r.phone, r.email].filter((v) => v.length > 0));
  const rows = await tx
    .select()
    .from(outboxMessages)
    .where(
      and(
        ne(outboxMessages.status, 'pending'),
        or(like(outboxMessages.text, `%${r.orderId}%`), like(outboxMessages.subject, `%${r.orderId}%`)),
      ),
    );
  let changed = 0;
  for (const m of rows) {
    const update = theirs.has(m.recipient)
      ? { recipient: REMOVED, subject: scrub(m.subject, r.values), text: REMOVED, html: null, listUnsubscribe: null }
      : { subject: scrub(m.subject, r.values), text: scrub(m.text, r.values), html: m.html === null ? null : scrub(m.html, r.values) };
    if (!theirs.has(m.recipient) && update.subject === m.subject && update.text === m.text && update.html === m.html) continue;
    await tx.update(outboxMessages).set(update).where(eq(outboxMessages.id, m.id));
    changed++;
  }
  return changed;
}

async function scrubNotifications(tx: DbOrTx, deliveryId: string, values: string[]): Promise<number> {
  const rows = await tx.select().from(notifications).where(eq(notifications.deliveryId, deliveryId));
  let changed = 0;
  for (const n of rows) {
    const title = scrub(n.title, values);
    const message = scrub(n.message, values);
    if (title === n.title && message === n.message) continue;
    await tx.update(notifications).set({ title, message }).where(eq(notifications.id, n.id));
    changed++;
  }
  return changed;
}

/** The number's consent record, once no delivery holds the number any more. */
async function dropUnusedConsent(tx: DbOrTx, phone: string): Promise<number> {
  if (!phone || (await contactStillInUse(tx, { phone }))) return 0;
  return (await tx.delete(optins).where(eq(optins.phone, phone)).returning({ id: optins.id })).length;
}

/**
 * The retention policy, run nightly (and by `npm run retention`): finished deliveries past RETENTION_PERSONAL_DAYS
 * lose their recipient's personal details everywhere they were copied, their records staying (and their custody
 * chains verifying); audit rows past RETENTION_RECORDS_YEARS are deleted. Reports its counts in the log and an
 * audit row. Safe to run in several processes at once: each delivery is taken with a lock the others skip.
 */
export async function applyRetention(services: RetentionServices): Promise<RetentionReport> {
  const { env, db } = services;
  const now = services.clock.now();
  const report: RetentionReport = {
    deliveries: 0,
    sealedEvents: 0,
    files: 0,
    messages: 0,
    notifications: 0,
    optins: 0,
    idempotencyKeys: 0,
    auditRows: 0,
  };

  if (env.RETENTION_PERSONAL_DAYS) {
    const finishedBefore = new Date(now.getTime() - env.RETENTION_PERSONAL_DAYS * DAY_MS);
    for (;;) {
      const paths = await db.transaction(async (tx) => {
        const due = await pickDeliveriesToRedact(tx, finishedBefore, BATCH);
        const files: string[] = [];
        for (const { id } of due) {
          const r = await redactPersonalDetails(tx, id, now);
          if (!r) continue;
          report.deliveries++;
          report.sealedEvents += r.sealedEvents;
          report.messages += await scrubMessages(tx, r);
          report.notifications += await scrubNotifications(tx, id, r.values);
          report.optins += await dropUnusedConsent(tx, r.phone);
          files.push(...r.filePaths);
        }
        return due.length === 0 ? null : files;
      });
      if (paths === null) break;
      // After the commit: a file whose row is gone is never served again, even if removing it fails now.
      for (const path of paths) {
        await services.storage
          .remove(path)
          .catch((err) => services.log.warn({ err: (err as Error).message, path }, 'retention could not remove a file'));
        report.files++;
      }
    }
    report.idempotencyKeys = (
      await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, finishedBefore)).returning({ key: idempotencyKeys.key })
    ).length;
  }

  if (env.RETENTION_RECORDS_YEARS) {
    const keptSince = new Date(now);
    keptSince.setUTCFullYear(keptSince.getUTCFullYear() - env.RETENTION_RECORDS_YEARS);
    report.auditRows = (await db.delete(auditEvents).where(lt(auditEvents.createdAt, keptSince)).returning({ id: auditEvents.id })).length;
  }

  await recordAudit(
    db,
    {
      action: 'retention.run',
      details: { ...report, personalDays: env.RETENTION_PERSONAL_DAYS ?? null, recordsYears: env.RETENTION_RECORDS_YEARS ?? null },
    },
    now,
  );
  services.log.info({ retention: report }, 'retention applied');
  services.metrics.jobSucceeded('retention');
  return report;
}
