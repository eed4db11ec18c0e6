import { eq } from 'drizzle-orm';
import { webhookEndpoints } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, assertAudience, mayManageWebhookEndpoint } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { findWebhookEndpoint } from './webhook-json.js';

/** Removes the endpoint with its messages and log; nothing more is sent to it. */
export async function deleteWebhookEndpoint(services: Services, actor: Actor, input: { id: string }): Promise<void> {
  assertAudience(actor, 'customer');
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    const own = await findWebhookEndpoint(tx, input.id, (row) => mayManageWebhookEndpoint(actor, row));
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, own.id));
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'webhook.delete',
        targetType: 'webhook_endpoint',
        targetId: own.id,
        ip: actor.ip,
        details: { url: own.url },
      },
      now,
    );
  });
}
