import { and, eq, gt, inArray, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../../db/client.js';
import { users, webhookAttempts, webhookEndpoints, webhookMessages } from '../../db/schema/index.js';
import { CLAIM_MS, createConcurrentQueueWorker, type QueueWorker } from '../../platform/background-work.js';
import type { Clock } from '../../platform/clock.js';
import { type Metrics, noMetrics } from '../../platform/metrics.js';
import { composeEmail } from '../../platform/email.js';
import { enqueueEmail } from '../../platform/outbox.js';
import { sendWebhook, WEBHOOK_DEADLINE_MS, type WebhookAnswer, type WebhookRequest } from './send-webhook.js';

/**
 * Waits after each failed attempt (the Standard Webhooks schedule): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h;
 * after the last, the message is given up. Together a little over a day, past the 24 hours that disable an endpoint.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;
/** An endpoint that has failed every attempt for this long is disabled and its owner told. */
export const WEBHOOK_DISABLE_AFTER_MS = 24 * 3_600_000;

/** Endpoints one process sends to side by side (each endpoint has at most one message in flight, across processes). */
export const WEBHOOK_CONCURRENCY = 8;

export type WebhookWorker = QueueWorker;

export interface WebhookWorkerDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  production: boolean;
  /** OUTBOUND_ALLOWED_NETWORKS, passed to each send. */
  allowedNetworks?: readonly string[];
  publicUrl: string;
  intervalMs?: number;
  /** Each attempt's whole time (10 s by default). */
  deadlineMs?: number;
  /** How long a claim holds a message (60 s by default); longer than the deadline, so a send never outlives its claim. */
  claimMs?: number;
  concurrency?: number;
  /** The network call (the real one by default). */
  send?: (req: WebhookRequest) => Promise<WebhookAnswer>;
  metrics?: Metrics;
}

type WebhookMessage = typeof webhookMessages.$inferSelect;

/**
 * The outbox's webhook half. Fair between endpoints: each claim takes the oldest due message of each endpoint that
 * has none in flight (in any process), oldest-waiting endpoints first, and up to WEBHOOK_CONCURRENCY go side by
 * side, so a slow or failing endpoint delays only its own messages. A claim is a lease with a token: it is renewed
 * just before the send and the outcome is written only while the token is still ours, so a process whose claim ran
 * out neither sends nor records the message again. Each message is signed the Standard Webhooks way with its stable
 * webhook-id, every attempt is logged, and failures are retried with back-off.
 */
export function createWebhookWorker(deps: WebhookWorkerDeps): WebhookWorker {
  const { db, clock, log } = deps;
  const send = deps.send ?? sendWebhook;
  const deadlineMs = deps.deadlineMs ?? WEBHOOK_DEADLINE_MS;
  const claimMs = deps.claimMs ?? CLAIM_MS;
  if (claimMs <= deadlineMs) throw new Error('A webhook claim must last longer than a send may take');
  const until = (now: Date) => new Date(now.getTime() + claimMs);
  const metrics = deps.metrics ?? noMetrics;

  const unclaimed = (now: Date) => or(isNull(webhookMessages.lockedUntil), lte(webhookMessages.lockedUntil, now));

  async function claim(limit: number): Promise<WebhookMessage[]> {
    const now = clock.now();
    const inFlight = alias(webhookMessages, 'in_flight');
    const endpointBusy = db
      .select({ id: inFlight.id })
      .from(inFlight)
      .where(and(eq(inFlight.endpointId, webhookMessages.endpointId), eq(inFlight.status, 'pending'), gt(inFlight.lockedUntil, now)));
    const oldestPerEndpoint = db
      .selectDistinctOn([webhookMessages.endpointId], { id: webhookMessages.id, createdAt: webhookMessages.createdAt })
      .from(webhookMessages)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookMessages.endpointId))
      .where(
        and(
          eq(webhookMessages.status, 'pending'),
          eq(webhookEndpoints.enabled, true),
          lte(webhookMessages.nextAttemptAt, now),
          unclaimed(now),
          notExists(endpointBusy),
        ),
      )
      .orderBy(webhookMessages.endpointId, webhookMessages.createdAt)
      .as('oldest_per_endpoint');
    const picked = db.select({ id: oldestPerEndpoint.id }).from(oldestPerEndpoint).orderBy(oldestPerEndpoint.createdAt).limit(limit);
    // The conditions on the row itself are checked again as it is locked: of two processes, one gets it.
    return db
      .update(webhookMessages)
      .set({ lockedUntil: until(now), claimToken: sql`gen_random_uuid()` })
      .where(and(inArray(webhookMessages.id, picked), eq(webhookMessages.status, 'pending'), unclaimed(now)))
      .returning();
  }

  async function attempt(msg: WebhookMessage): Promise<boolean> {
    if (!msg.claimToken) return false;
    const ours = and(eq(webhookMessages.id, msg.id), eq(webhookMessages.claimToken, msg.claimToken));
    const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, msg.endpointId));
    if (!endpoint?.enabled) {
      await db.update(webhookMessages).set({ lockedUntil: null, claimToken: null }).where(ours);
      return false;
    }
    const [renewed] = await db
      .update(webhookMessages)
      .set({ lockedUntil: until(clock.now()) })
      .where(and(ours, eq(webhookMessages.status, 'pending')))
      .returning({ id: webhookMessages.id });
    if (!renewed) return false;
    const sentAt = clock.now();
    const body = JSON.stringify(msg.payload);
    const signature = new Webhook(endpoint.secret).sign(msg.msgId, sentAt, body);
    const answer = await send({
      url: endpoint.url,
      body,
      production: deps.production,
      allowedNetworks: deps.allowedNetworks,
      deadlineMs,
      // A FHIR Subscription's channel: its own headers (its channel.header) beside the signature, as FHIR JSON.
      ...(endpoint.kind === 'fhir' ? { contentType: 'application/fhir+json' } : {}),
      headers: {
        ...endpoint.headers,
        'webhook-id': msg.msgId,
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        'webhook-signature': signature,
        'user-agent': 'MedCourier-Webhooks/1',
      },
      // A send that throws (a header http.request refuses) is a failed attempt like any other, counted and retried.
    }).catch(
      (err: unknown): WebhookAnswer => ({
        statusCode: null,
        durationMs: 0,
        succeeded: false,
        error: err instanceof Error ? err.message.slice(0, 200) : 'send failed',
      }),
    );
    const now = clock.now();
    const attempts = await db.transaction(async (tx) => {
      // Counted in SQL, and only while the claim is still ours.
      const [counted] = await tx
        .update(webhookMessages)
        .set({ attempts: sql`${webhookMessages.attempts} + 1`, lockedUntil: null, claimToken: null })
        .where(ours)
        .returning({ attempts: webhookMessages.attempts });
      if (!counted) return null;
      await tx.insert(webhookAttempts).values({
        messageId: msg.id,
        endpointId: endpoint.id,
        attempt: counted.attempts,
        statusCode: answer.statusCode,
        durationMs: answer.durationMs,
        error: answer.error,
        succeeded: answer.succeeded,
        createdAt: now,
      });
      if (answer.succeeded) {
        await tx.update(webhookMessages).set({ status: 'sent', sentAt: now, lastError: null }).where(eq(webhookMessages.id, msg.id));
        await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id));
        return counted.attempts;
      }
      const givenUp = counted.attempts >= WEBHOOK_MAX_ATTEMPTS;
      await tx
        .update(webhookMessages)
        .set({
          status: givenUp ? 'failed' : 'pending',
          lastError: answer.error,
          nextAttemptAt: new Date(now.getTime() + (WEBHOOK_RETRY_DELAYS_MS[counted.attempts - 1] ?? 0)),
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
      return counted.attempts;
    });
    if (attempts === null) {
      log.warn({ endpointId: endpoint.id, msgId: msg.msgId }, 'webhook claim ran out during the send; its outcome is not recorded');
      return false;
    }
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
    // A FHIR Subscription's channel: said so, and set active again through the Subscription (PUT status active).
    const fhir = endpoint.kind === 'fhir';
    await enqueueEmail(
      tx,
      composeEmail({
        to: owner.email,
        subject: fhir ? 'Your MedCourier FHIR Subscription was disabled' : 'Your MedCourier webhook endpoint was disabled',
        paragraphs: [
          `Hello ${owner.firstName},`,
          `Your ${fhir ? 'FHIR Subscription endpoint' : 'webhook endpoint'} ${endpoint.url} has failed every delivery attempt for 24 hours, so we have stopped sending to it.`,
          fhir
            ? 'Fix the endpoint, then set the Subscription active again (PUT it with status active); it reads status error until then. Notifications from now on are kept and sent once it is active.'
            : 'Fix the endpoint, then enable it again in Account Settings. Its delivery log shows each attempt and what it answered; events from now on are kept and sent once it is enabled.',
        ],
        action: { label: 'Open Account Settings', href: `${deps.publicUrl}/account-settings` },
      }),
      now,
    );
  }

  return createConcurrentQueueWorker({
    name: 'webhook',
    log,
    intervalMs: deps.intervalMs,
    concurrency: deps.concurrency ?? WEBHOOK_CONCURRENCY,
    claim,
    send: attempt,
    onSuccess: () => metrics.jobSucceeded('webhooks'),
  });
}

/** Sends a message again now (the Resend button): its webhook-id stays, its attempts continue; a send in flight keeps its claim. */
export const resendNow = (now: Date) => ({
  status: 'pending' as const,
  nextAttemptAt: now,
  attempts: sql`least(${webhookMessages.attempts}, ${WEBHOOK_MAX_ATTEMPTS - 1})`,
});
