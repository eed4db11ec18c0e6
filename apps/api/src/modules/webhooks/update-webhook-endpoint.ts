import { type TUpdateWebhookRequest, type TWebhookEndpoint, ZUpdateWebhookRequest } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { webhookEndpoints } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, assertAudience, mayManageWebhookEndpoint } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { assertWebhookUrl } from './create-webhook-endpoint.js';
import { findWebhookEndpoint, toWebhookEndpointJson } from './webhook-json.js';

/** Changes the URL, the events, the description, or enables it again (which starts the failure count afresh). */
export async function updateWebhookEndpoint(
  services: Services,
  actor: Actor,
  input: { id: string; changes: TUpdateWebhookRequest },
): Promise<TWebhookEndpoint> {
  assertAudience(actor, 'customer');
  const changes = ZUpdateWebhookRequest.parse(input.changes);
  await findWebhookEndpoint(services.db, input.id, (row) => mayManageWebhookEndpoint(actor, row));
  if (changes.url !== undefined) await assertWebhookUrl(services, changes.url);
  const now = services.clock.now();
  const row = await services.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({
        ...(changes.url !== undefined ? { url: changes.url } : {}),
        ...(changes.eventTypes !== undefined ? { eventTypes: changes.eventTypes } : {}),
        ...(changes.description !== undefined ? { description: changes.description } : {}),
        ...(changes.enabled === true ? { enabled: true, disabledReason: null, failingSince: null } : {}),
        ...(changes.enabled === false ? { enabled: false, disabledReason: 'Disabled by its owner' } : {}),
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, input.id))
      .returning();
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'webhook.update',
        targetType: 'webhook_endpoint',
        targetId: input.id,
        ip: actor.ip,
        details: { ...changes },
      },
      now,
    );
    return updated;
  });
  if (changes.enabled) services.outbox.kick();
  return toWebhookEndpointJson(row);
}
