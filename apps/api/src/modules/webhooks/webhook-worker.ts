import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../../db/client.js';
import { users, webhookAttempts, webhookEndpoints, webhookMessages } from '../../db/schema/index.js';
import { CLAIM_BATCH, claimedUntil, createQueueWorker, oldestFirst, type QueueWorker } from '../../platform/background-work.js';
import type { Clock } from '../../platform/clock.js';
import { type Metrics, noMetrics } from '../../platform/metrics.js';
import { composeEmail } from '../../platform/email.js';
import { enqueueEmail } from '../../platform/outbox.js';
import { sendWebhook, type WebhookAnswer, type WebhookRequest } from './send-webhook.js';

/**
 * Waits after each failed attempt (the Standard Webhooks schedule): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h;
 * after the last, the message is given up. Together a little over a day, past the 24 hours that disable an endpoint.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;
/** An endpoint that has failed every attempt for this long is disabled and its owner told. */
export const WEBHOOK_DISABLE_AFTER_MS = 24 * 3_600_000;

export type WebhookWorker = QueueWorker;

export interface WebhookWorkerDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  production: boolean;
  publicUrl: string;
  intervalMs?: number;
  /** The network call (the real one by default). */
  send?: (req: WebhookRequest) => Promise<WebhookAnswer>;
  metrics?: Metrics;
}

/**
 * The outbox's webhook half: claims due messages of enabled endpoints with FOR UPDATE SKIP LOCKED and a lease
 * (so several processes never send one message at once, and a crash gives it back), signs each the Standard
 * Webhooks way with its stable webhook-id, logs every attempt, and retries with back-off.
 */
export function createWebhookWorker(deps: WebhookWorkerDeps): WebhookWorker {
  const { db, clock, log } = deps;
  const send = deps.send ?? sendWebhook;
  const metrics = deps.metrics ?? noMetrics;

  async function claim() {
    const now = clock.now();
    const due = db
      .select({ id: webhookMessages.id })
      .from(webhookMessages)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookMessages.endpointId))
      .where(
        and(
          eq(webhookMessages.status, 'pending'),
          eq(webhookEndpoints.enabled, true),
          lte(webhookMessages.nextAttemptAt, now),
          or(isNull(webhookMessages.lockedUntil), lte(webhookMessages.lockedUntil, now)),
        ),
      )
      .orderBy(webhookMessages.createdAt)
      .limit(CLAIM_BATCH)
      .for('update', { of: webhookMessages, skipLocked: true });
    const claimed = await db
      .update(webhookMessages)
      .set({ lockedUntil: claimedUntil(now) })
      .where(inArray(webhookMessages.id, due))
      .returning();
    return oldestFirst(claimed);
  }

  async function release(ids: string[]) {
    await db
      .update(webhookMessages)
      .set({ lockedUntil: null })
      .where(and(inArray(webhookMessages.id, ids), eq(webhookMessages.status, 'pending')));
  }

  async function attempt(msg: typeof webhookMessages.$inferSelect): Promise<boolean> {
    const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, msg.endpointId));
    if (!endpoint?.enabled) {
      await db.update(webhookMessages).set({ lockedUntil: null }).where(eq(webhookMessages.id, msg.id));
      return false;
    }
    const sentAt = clock.now();
    const body = JSON.stringify(msg.payload);
    const signature = new Webhook(endpoint.secret).sign(msg.msgId, sentAt, body);
    const answer = await send({
      url: endpoint.url,
      body,
      production: deps.production,
      headers: {
        'webhook-id': msg.msgId,
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        'webhook-signature': signature,
        'user-agent': 'MedCourier-Webhooks/1',
      },
    });
    const attempts = msg.attempts + 1;
    const now = clock.now();
    await db.transaction(async (tx) => {
      await tx.insert(webhookAttempts).values({
        messageId: msg.id,
        endpointId: endpoint.id,
        attempt: attempts,
        statusCode: answer.statusCode,
        durationMs: answer.durationMs,
        error: answer.error,
        succeeded: answer.succeeded,
        createdAt: now,
      });
      if (answer.succeeded) {
        await tx
          .update(webhookMessages)
          .set({ status: 'sent', attempts, sentAt: now, lockedUntil: null, lastError: null })
          .where(eq(webhookMessages.id, msg.id));
        await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id));
        return;
      }
      const givenUp = attempts >= WEBHOOK_MAX_ATTEMPTS;
      await tx
        .update(webhookMessages)
        .set({
          attempts,
          status: givenUp ? 'failed' : 'pending',
          lastError: answer.error,
          lockedUntil: null,
          nextAttemptAt: new Date(now.getTime() + (WEBHOOK_RETRY_DELAYS_MS[attempts - 1] ?? 0)),
        })
        .where(eq(webhookMessages.id, msg.id));
      const failingSince = endpoint.failingSince ?? now;
      if (now.getTime() - failingSince.getTime() >= WEBHOOK_DISABLE_AFTER_MS) {
        await disableEndpoint(tx, endpoint, now);
      } else if (!endpoint.failingSince) {
        await tx
          .update(webhookEndpoints)
          .set({ failingSince: now })
          .where(and(eq(webhookEndpoints.id, endpoint.id), isNull(webhookEndpoints.failingSince)));
      }
    });
    if (!answer.succeeded) log.warn({ endpointId: endpoint.id, msgId: msg.msgId, attempts, error: answer.error }, 'webhook attempt failed');
    metrics.sendResult('webhook', answer.succeeded ? 'sent' : attempts >= WEBHOOK_MAX_ATTEMPTS ? 'failed' : 'retry');
    return answer.succeeded;
  }

  async function disableEndpoint(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    endpoint: typeof webhookEndpoints.$inferSelect,
    now: Date,
  ) {
    const reason = 'Disabled after failing for 24 hours';
    const [changed] = await tx
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: reason, updatedAt: now })
      .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)))
      .returning({ id: webhookEndpoints.id });
    if (!changed) return;
    const [owner] = await tx.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, endpoint.userId));
    if (!owner) return;
    await enqueueEmail(
      tx,
      composeEmail({
        to: owner.email,
        subject: 'Your MedCourier webhook endpoint was disabled',
        paragraphs: [
          `Hello ${owner.firstName},`,
          `Your webhook endpoint ${endpoint.url} has failed every delivery attempt for 24 hours, so we have stopped sending to it.`,
          'Fix the endpoint, then enable it again in Account Settings. Its delivery log shows each attempt and what it answered; events from now on are kept and sent once it is enabled.',
        ],
        action: { label: 'Open Account Settings', href: `${deps.publicUrl}/account-settings` },
      }),
      now,
    );
  }

  return createQueueWorker({
    name: 'webhook',
    log,
    intervalMs: deps.intervalMs,
    claim,
    send: attempt,
    release,
    onSuccess: () => metrics.jobSucceeded('webhooks'),
  });
}

/** Sends a message again now (the Resend button): its webhook-id stays, its attempts continue. */
export const resendNow = (now: Date) => ({
  status: 'pending' as const,
  nextAttemptAt: now,
  lockedUntil: null,
  attempts: sql`least(${webhookMessages.attempts}, ${WEBHOOK_MAX_ATTEMPTS - 1})`,
});
