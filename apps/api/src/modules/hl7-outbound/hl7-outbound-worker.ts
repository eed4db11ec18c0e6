import { Hl7Message } from '@medplum/core';
import { Hl7Client } from '@medplum/hl7';
import { and, eq, inArray, isNull, lt, lte, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { hl7OutboundMessages, hl7Senders } from '../../db/schema/index.js';
import { CLAIM_BATCH, CLAIM_MS, createQueueWorker, oldestFirst, type QueueWorker } from '../../platform/background-work.js';
import type { Clock } from '../../platform/clock.js';
import { backoffMs, OUTBOX_MAX_ATTEMPTS } from '../../platform/outbox.js';
import { resolveOutboundHost } from './outbound-host.js';

/** How long one attempt waits for the connection and then for the engine's ACK. */
export const HL7_SEND_TIMEOUT_MS = 10_000;

type OutboundMessage = typeof hl7OutboundMessages.$inferSelect;

export interface Hl7SendResult {
  /** MSA-1 of the answer, when one came. */
  ackCode: string | null;
  ack: string | null;
  error: string | null;
}

/** One message over MLLP to host:port with @medplum/hl7's client, waiting for the ACK with the same control id. */
export async function sendOverMllp(host: string, port: number, text: string, timeoutMs = HL7_SEND_TIMEOUT_MS): Promise<Hl7SendResult> {
  const client = new Hl7Client({ host, port, connectTimeout: timeoutMs });
  try {
    const answer = await client.sendAndWait(Hl7Message.parse(text), { timeoutMs });
    const ackCode = answer.getSegment('MSA')?.getField(1)?.toString().toUpperCase() || null;
    return {
      ackCode,
      ack: answer.toString(),
      error: ackCode === 'AA' || ackCode === 'CA' ? null : `The engine answered ${ackCode ?? 'without MSA'}`,
    };
  } catch (err) {
    return { ackCode: null, ack: null, error: (err as Error).message || 'The engine could not be reached' };
  } finally {
    await client.close().catch(() => {});
  }
}

/**
 * The outbox's HL7 half: status messages to senders' engines, in order per sender (a message waits while an older
 * one of its sender is still pending), claimed with a lease and token as the e-mail outbox claims, retried with its
 * back-off (5 s doubling, at most an hour, 8 attempts); every answer is kept on the message (the log).
 */
export function createHl7OutboundWorker(deps: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  production: boolean;
  allowedNetworks?: readonly string[];
  intervalMs?: number;
  timeoutMs?: number;
  send?: typeof sendOverMllp;
}): QueueWorker {
  const { db, clock, log } = deps;
  const send = deps.send ?? sendOverMllp;
  const until = (now: Date) => new Date(now.getTime() + CLAIM_MS);
  const unclaimed = (now: Date) => or(isNull(hl7OutboundMessages.lockedUntil), lte(hl7OutboundMessages.lockedUntil, now));
  const ours = (msg: OutboundMessage) =>
    and(eq(hl7OutboundMessages.id, msg.id), msg.claimToken ? eq(hl7OutboundMessages.claimToken, msg.claimToken) : sql`false`);

  async function claim() {
    const now = clock.now();
    const older = alias(hl7OutboundMessages, 'older');
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: hl7OutboundMessages.id })
        .from(hl7OutboundMessages)
        .where(
          and(
            eq(hl7OutboundMessages.status, 'pending'),
            lte(hl7OutboundMessages.nextAttemptAt, now),
            unclaimed(now),
            notExists(
              tx
                .select({ id: older.id })
                .from(older)
                .where(
                  and(
                    eq(older.senderId, hl7OutboundMessages.senderId),
                    eq(older.status, 'pending'),
                    lt(older.createdAt, hl7OutboundMessages.createdAt),
                  ),
                ),
            ),
          ),
        )
        .orderBy(hl7OutboundMessages.createdAt)
        .limit(CLAIM_BATCH)
        .for('update', { of: hl7OutboundMessages, skipLocked: true });
      if (due.length === 0) return [];
      const claimed = await tx
        .update(hl7OutboundMessages)
        .set({ lockedUntil: until(now), claimToken: sql`gen_random_uuid()` })
        .where(
          inArray(
            hl7OutboundMessages.id,
            due.map((m) => m.id),
          ),
        )
        .returning();
      return oldestFirst(claimed);
    });
  }

  async function attempt(msg: OutboundMessage): Promise<boolean> {
    const [sender] = await db
      .select()
      .from(hl7Senders)
      .where(and(eq(hl7Senders.id, msg.senderId), isNull(hl7Senders.deletedAt)));
    let result: Hl7SendResult;
    if (!sender?.outboundHost || !sender.outboundPort) {
      result = { ackCode: null, ack: null, error: 'The sender no longer has an outbound host' };
    } else {
      // Resolved once and checked; the connection goes to that address, not to the name again (no DNS rebinding).
      const target = await resolveOutboundHost(sender.outboundHost, deps.production, deps.allowedNetworks ?? []);
      result =
        target.address === null
          ? { ackCode: null, ack: null, error: target.refusal }
          : await send(target.address, sender.outboundPort, msg.message, deps.timeoutMs ?? HL7_SEND_TIMEOUT_MS);
    }
    const now = clock.now();
    const succeeded = result.error === null;
    const [counted] = await db
      .update(hl7OutboundMessages)
      .set({ attempts: sql`${hl7OutboundMessages.attempts} + 1`, lockedUntil: null, claimToken: null })
      .where(and(ours(msg), eq(hl7OutboundMessages.status, 'pending')))
      .returning({ attempts: hl7OutboundMessages.attempts });
    if (!counted) {
      log.warn({ controlId: msg.controlId }, 'HL7 claim ran out during the send; its outcome is not recorded');
      return false;
    }
    const givenUp = !succeeded && counted.attempts >= OUTBOX_MAX_ATTEMPTS;
    await db
      .update(hl7OutboundMessages)
      .set({
        status: succeeded ? 'sent' : givenUp ? 'failed' : 'pending',
        sentAt: succeeded ? now : null,
        ackCode: result.ackCode,
        ack: result.ack,
        lastError: result.error,
        nextAttemptAt: succeeded ? msg.nextAttemptAt : new Date(now.getTime() + backoffMs(counted.attempts)),
      })
      .where(eq(hl7OutboundMessages.id, msg.id));
    if (!succeeded)
      log.warn({ controlId: msg.controlId, attempts: counted.attempts, error: result.error }, 'HL7 status message not acknowledged');
    return succeeded;
  }

  async function release(messages: OutboundMessage[]) {
    for (const msg of messages) await db.update(hl7OutboundMessages).set({ lockedUntil: null, claimToken: null }).where(ours(msg));
  }

  return createQueueWorker({ name: 'hl7', log, intervalMs: deps.intervalMs, claim, send: attempt, release });
}
