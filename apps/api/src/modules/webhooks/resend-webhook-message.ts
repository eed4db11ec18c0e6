import { and, eq } from 'drizzle-orm';
import { webhookAttempts, webhookMessages } from '../../db/schema/index.js';
import { notFound } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, assertAudience, mayManageWebhookEndpoint } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { isUuid } from '../../shared/ids.js';
import { findWebhookEndpoint } from './webhook-json.js';
import { resendNow } from './webhook-worker.js';

/** The log's Resend: the attempt's message goes out again now, with the same webhook-id. */
export async function resendWebhookMessage(services: Services, actor: Actor, input: { id: string; attemptId: string }): Promise<void> {
  assertAudience(actor, 'customer');
  const endpoint = await findWebhookEndpoint(services.db, input.id, (row) => mayManageWebhookEndpoint(actor, row));
  if (!isUuid(input.attemptId)) throw notFound('Delivery attempt not found');
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    const [attempt] = await tx
      .select({ messageId: webhookAttempts.messageId })
      .from(webhookAttempts)
      .where(and(eq(webhookAttempts.id, input.attemptId), eq(webhookAttempts.endpointId, endpoint.id)));
    if (!attempt) throw notFound('Delivery attempt not found');
    await tx.update(webhookMessages).set(resendNow(now)).where(eq(webhookMessages.id, attempt.messageId));
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'webhook.resend',
        targetType: 'webhook_endpoint',
        targetId: endpoint.id,
        ip: actor.ip,
        details: { attemptId: input.attemptId },
      },
      now,
    );
  });
  services.outbox.kick();
}
