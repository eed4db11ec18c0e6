import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client.js';
import { outboxMessages } from '../db/schema/index.js';
import { CLAIM_BATCH, CLAIM_MS, createQueueWorker, oldestFirst, type QueueWorker } from './background-work.js';
import type { Clock } from './clock.js';
import type { Mailer, OutgoingEmail } from './mailer.js';
import { type Metrics, noMetrics } from './metrics.js';
import { isPermanentSendFailure } from './send-failure.js';
import type { SmsSender } from './sms.js';

export const OUTBOX_MAX_ATTEMPTS = 8;

/** Queue an e-mail inside the caller's transaction, so it exists exactly when the change does; `at` is the clock's now. */
export async function enqueueEmail(tx: DbOrTx, email: OutgoingEmail, at: Date): Promise<void> {
  await tx.insert(outboxMessages).values(emailOutboxRow(email, at));
}

/** The outbox row of an e-mail (enqueueEmail writes one; a bulk change writes many in one insert). */
export function emailOutboxRow(email: OutgoingEmail, at: Date): typeof outboxMessages.$inferInsert {
  return {
    channel: 'email',
    createdAt: at,
    nextAttemptAt: at,
    recipient: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html ?? null,
    listUnsubscribe: email.listUnsubscribe ?? null,
    // Stored with the message, so the files exist exactly when the change does and a retry sends the same bytes.
    attachments: email.attachments?.length
      ? email.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, contentBase64: a.content.toString('base64') }))
      : null,
  };
}

/** `purpose` 'sms_consent_request' marks the text asking for YES, the one SMS a number without consent may get. */
export async function enqueueSms(tx: DbOrTx, to: string, text: string, at: Date, purpose?: 'sms_consent_request'): Promise<void> {
  await tx.insert(outboxMessages).values(smsOutboxRow(to, text, at, purpose));
}

/** The outbox row of a text. */
export function smsOutboxRow(to: string, text: string, at: Date, purpose?: 'sms_consent_request'): typeof outboxMessages.$inferInsert {
  return { channel: 'sms', recipient: to, text, createdAt: at, nextAttemptAt: at, purpose: purpose ?? null };
}

/** Many outbox rows in one insert, inside the caller's transaction. */
export async function enqueueOutboxRows(tx: DbOrTx, rows: readonly (typeof outboxMessages.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(outboxMessages).values([...rows]);
}

/** 5 s, 10 s, 20 s ... capped at one hour. */
export const backoffMs = (attempts: number) => Math.min(3_600_000, 5_000 * 2 ** Math.max(0, attempts - 1));

export interface OutboxHoldBackInput {
  channel: 'email' | 'sms';
  recipient: string;
  listUnsubscribe: string | null;
  purpose: 'sms_consent_request' | null;
}

export interface GivenUpMessage {
  id: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  reason: string;
  attempts: number;
}

/** The e-mail and SMS half of the outbox (the webhook half is another worker of the same kind). */
export type OutboxWorker = QueueWorker;

type OutboxMessage = typeof outboxMessages.$inferSelect;

/**
 * A claim is a lease with a token, as the webhooks' is: each message of a claimed batch is sent only if its claim is
 * still ours just before (a slow send earlier in the batch may have let it run out and another process take it), the
 * claim is renewed while the SMTP server or SMS provider takes its time, and the outcome (attempts counted in SQL) is
 * written only while the token is still ours. So one process at a time sends a message.
 */
export function createOutboxWorker(deps: {
  db: Db;
  mailer: Mailer;
  sms: SmsSender;
  clock: Clock;
  log: FastifyBaseLogger;
  intervalMs?: number;
  /**
   * Asked just before a message leaves; a reason holds it back (a STOP or an unsubscribe that came after it
   * was queued). The message then ends as failed with that reason.
   */
  holdBack?: (m: OutboxHoldBackInput) => Promise<string | null>;
  /** Told, inside the transaction that marks it, of a message that failed for good (the administrators' bell). */
  onGivenUp?: (tx: DbOrTx, m: GivenUpMessage, at: Date) => Promise<void>;
  metrics?: Metrics;
  /** How long a claim holds a message (60 s by default). */
  claimMs?: number;
  /** How often a send under way renews its claim (a third of the claim by default), so a slow SMTP never outlives it. */
  renewEveryMs?: number;
}): OutboxWorker {
  const { db, clock, log } = deps;
  const metrics = deps.metrics ?? noMetrics;
  const claimMs = deps.claimMs ?? CLAIM_MS;
  const renewEveryMs = deps.renewEveryMs ?? Math.floor(claimMs / 3);
  const until = (now: Date) => new Date(now.getTime() + claimMs);
  const unclaimed = (now: Date) => or(isNull(outboxMessages.lockedUntil), lte(outboxMessages.lockedUntil, now));
  const ours = (msg: OutboxMessage) =>
    and(
      eq(outboxMessages.id, msg.id),
      eq(outboxMessages.status, 'pending'),
      msg.claimToken ? eq(outboxMessages.claimToken, msg.claimToken) : sql`false`,
    );

  async function claim() {
    const now = clock.now();
    // Two statements: as a subquery of the UPDATE, a LIMIT ... SKIP LOCKED select may be run again per row and
    // go past its limit (rows this very UPDATE claimed no longer match it).
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: outboxMessages.id })
        .from(outboxMessages)
        .where(and(eq(outboxMessages.status, 'pending'), lte(outboxMessages.nextAttemptAt, now), unclaimed(now)))
        .orderBy(outboxMessages.createdAt)
        .limit(CLAIM_BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      const claimed = await tx
        .update(outboxMessages)
        .set({ lockedUntil: until(now), claimToken: sql`gen_random_uuid()` })
        .where(
          inArray(
            outboxMessages.id,
            due.map((m) => m.id),
          ),
        )
        .returning();
      return oldestFirst(claimed);
    });
  }

  async function release(messages: OutboxMessage[]) {
    for (const msg of messages) await db.update(outboxMessages).set({ lockedUntil: null, claimToken: null }).where(ours(msg));
  }

  /** Extends the claim while it is still ours; false once another process has taken the message (or it is done). */
  async function renew(msg: OutboxMessage): Promise<boolean> {
    const [renewed] = await db
      .update(outboxMessages)
      .set({ lockedUntil: until(clock.now()) })
      .where(ours(msg))
      .returning({ id: outboxMessages.id });
    return !!renewed;
  }

  /** The network call, its claim renewed meanwhile so no other process takes the message while it is on its way. */
  async function deliver(msg: OutboxMessage): Promise<void> {
    const heartbeat = setInterval(() => {
      renew(msg).catch((err) => log.warn({ err: (err as Error).message, outboxId: msg.id }, 'outbox claim renewal failed'));
    }, renewEveryMs);
    try {
      if (msg.channel === 'email')
        await deps.mailer.send({
          to: msg.recipient,
          subject: msg.subject,
          text: msg.text,
          html: msg.html,
          listUnsubscribe: msg.listUnsubscribe,
          attachments: msg.attachments?.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.contentBase64, 'base64'),
          })),
        });
      else await deps.sms.send(msg.recipient, msg.text);
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function send(msg: OutboxMessage): Promise<boolean> {
    // A claim that ran out while earlier messages of the batch went may have been taken over: then it is not ours to send.
    if (!msg.claimToken || !(await renew(msg))) return false;
    const reason = await deps.holdBack?.(msg);
    if (reason) {
      await db.update(outboxMessages).set({ status: 'failed', lastError: reason, lockedUntil: null, claimToken: null }).where(ours(msg));
      metrics.sendResult(msg.channel, 'held_back');
      return false;
    }
    try {
      await deliver(msg);
    } catch (err) {
      await recordFailure(msg, err);
      return false;
    }
    // Counted in SQL, and written only while the claim is still ours. An attachment (an invoice's PDF) is dropped once
    // sent: the document stays served from its own page, and the outbox keeps no copy of it.
    const [done] = await db
      .update(outboxMessages)
      .set({
        status: 'sent',
        sentAt: clock.now(),
        lockedUntil: null,
        claimToken: null,
        attempts: sql`${outboxMessages.attempts} + 1`,
        attachments: null,
      })
      .where(ours(msg))
      .returning({ id: outboxMessages.id });
    if (!done) log.warn({ outboxId: msg.id }, 'outbox claim ran out during the send; its outcome is not recorded');
    metrics.sendResult(msg.channel, 'sent');
    return true;
  }

  async function recordFailure(msg: OutboxMessage, err: unknown): Promise<void> {
    // A permanent refusal (SMTP 5xx, a provider's "invalid number") fails at once: retrying cannot help.
    const permanent = isPermanentSendFailure(err);
    const reason = String((err as Error).message ?? err).slice(0, 500);
    const now = clock.now();
    const attempts = await db.transaction(async (tx) => {
      const [counted] = await tx
        .update(outboxMessages)
        .set({ attempts: sql`${outboxMessages.attempts} + 1`, lastError: reason, lockedUntil: null, claimToken: null })
        .where(ours(msg))
        .returning({ attempts: outboxMessages.attempts });
      if (!counted) return null;
      const failed = permanent || counted.attempts >= OUTBOX_MAX_ATTEMPTS;
      await tx
        .update(outboxMessages)
        .set({ status: failed ? 'failed' : 'pending', nextAttemptAt: new Date(now.getTime() + backoffMs(counted.attempts)) })
        .where(eq(outboxMessages.id, msg.id));
      if (failed)
        await deps.onGivenUp?.(
          tx,
          { id: msg.id, channel: msg.channel, recipient: msg.recipient, subject: msg.subject, reason, attempts: counted.attempts },
          now,
        );
      return counted.attempts;
    });
    if (attempts === null) {
      log.warn({ err, outboxId: msg.id }, 'outbox claim ran out during a failed send; its outcome is not recorded');
      return;
    }
    const failed = permanent || attempts >= OUTBOX_MAX_ATTEMPTS;
    log.warn(
      { err, outboxId: msg.id, attempts },
      permanent ? 'outbox message refused for good' : failed ? 'outbox message given up' : 'outbox send failed, will retry',
    );
    metrics.sendResult(msg.channel, failed ? 'failed' : 'retry');
  }

  return createQueueWorker({
    name: 'outbox',
    log,
    intervalMs: deps.intervalMs,
    claim,
    send,
    release,
    onSuccess: () => metrics.jobSucceeded('outbox'),
  });
}

/** Several workers driven as one outbox: drained in order, kicked, started and stopped together. */
export function combineOutboxWorkers(...workers: OutboxWorker[]): OutboxWorker {
  return {
    drain: async () => {
      let sent = 0;
      for (const w of workers) sent += await w.drain();
      return sent;
    },
    kick: () => {
      for (const w of workers) w.kick();
    },
    start: () => {
      for (const w of workers) w.start();
    },
    stop: async () => {
      await Promise.all(workers.map((w) => w.stop()));
    },
  };
}
