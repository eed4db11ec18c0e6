import type { TWebhookAttempt, TWebhookEventType } from '@courier/contract';
import { desc, eq } from 'drizzle-orm';
import { webhookAttempts, webhookMessages } from '../../db/schema/index.js';
import { type Actor, assertAudience, mayManageWebhookEndpoint } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { findWebhookEndpoint } from './webhook-json.js';

export const WEBHOOK_LOG_LIMIT = 100;

/** An endpoint's delivery log: its latest attempts, newest first. */
export async function listWebhookAttempts(services: Services, actor: Actor, input: { id: string }): Promise<TWebhookAttempt[]> {
  assertAudience(actor, 'customer');
  const endpoint = await findWebhookEndpoint(services.db, input.id, (row) => mayManageWebhookEndpoint(actor, row));
  // The endpoint (maybe just made by this person) from the primary; its attempts, written by the worker, from the replica.
  return attemptsOf(services, endpoint.id);
}

/** The latest attempts to an endpoint (a webhook's or a FHIR Subscription's channel), newest first. */
export async function attemptsOf(services: Pick<Services, 'readReplica'>, endpointId: string): Promise<TWebhookAttempt[]> {
  const rows = await services.readReplica
    .select({ attempt: webhookAttempts, msgId: webhookMessages.msgId, eventType: webhookMessages.eventType })
    .from(webhookAttempts)
    .innerJoin(webhookMessages, eq(webhookMessages.id, webhookAttempts.messageId))
    .where(eq(webhookAttempts.endpointId, endpointId))
    .orderBy(desc(webhookAttempts.createdAt), desc(webhookAttempts.attempt))
    .limit(WEBHOOK_LOG_LIMIT);
  return rows.map(({ attempt: a, msgId, eventType }) => ({
    _id: a.id,
    messageId: msgId,
    eventType: eventType as TWebhookEventType,
    attempt: a.attempt,
    statusCode: a.statusCode,
    durationMs: a.durationMs,
    succeeded: a.succeeded,
    error: a.error,
    createdAt: a.createdAt.toISOString(),
  }));
}
