import { randomBytes } from 'node:crypto';
import { type TCreateWebhookRequest, WEBHOOK_ENDPOINT_CAP, ZCreateWebhookRequest } from '@courier/contract';
import { and, count, eq } from 'drizzle-orm';
import { webhookEndpoints } from '../../db/schema/index.js';
import { badRequest, conflict } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { lockOwner } from '../../platform/owner-lock.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { toWebhookEndpointJson } from './webhook-json.js';
import { refuseWebhookUrl } from './webhook-url.js';

/** The Standard Webhooks form of a signing secret: whsec_ and 24 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** Checks a URL against the rules (https and public in production), answering 400 naming the url. */
export async function assertWebhookUrl(services: Services, url: string): Promise<void> {
  const refusal = await refuseWebhookUrl(url, services.env.NODE_ENV === 'production', services.env.OUTBOUND_ALLOWED_NETWORKS);
  if (refusal) throw badRequest(`url: ${refusal}`, 'url');
}

/** A customer adds an endpoint; its signing secret is in this answer only. */
export async function createWebhookEndpoint(services: Services, actor: Actor, input: TCreateWebhookRequest) {
  assertAudience(actor, 'customer');
  const form = ZCreateWebhookRequest.parse(input);
  await assertWebhookUrl(services, form.url);
  const now = services.clock.now();
  const secret = newWebhookSecret();
  const row = await services.db.transaction(async (tx) => {
    await lockOwner(tx, actor.id);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.userId, actor.id), eq(webhookEndpoints.kind, 'webhook')));
    if (n >= WEBHOOK_ENDPOINT_CAP) throw conflict(`You can have at most ${WEBHOOK_ENDPOINT_CAP} webhook endpoints; delete one first`);
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        userId: actor.id,
        url: form.url,
        description: form.description,
        eventTypes: form.eventTypes,
        secret,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'webhook.create',
        targetType: 'webhook_endpoint',
        targetId: created.id,
        ip: actor.ip,
        details: { url: form.url, eventTypes: form.eventTypes, ...(actor.apiKey ? { apiKey: actor.apiKey.name } : {}) },
      },
      now,
    );
    return created;
  });
  return { ...toWebhookEndpointJson(row), secret };
}
