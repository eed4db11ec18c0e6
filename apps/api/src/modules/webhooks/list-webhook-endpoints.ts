import type { TWebhookEndpoint } from '@courier/contract';
import { and, asc, eq } from 'drizzle-orm';
import { webhookEndpoints } from '../../db/schema/index.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { toWebhookEndpointJson } from './webhook-json.js';

export async function listWebhookEndpoints(services: Services, actor: Actor): Promise<TWebhookEndpoint[]> {
  assertAudience(actor, 'customer');
  const rows = await services.db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, actor.id), eq(webhookEndpoints.kind, 'webhook')))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  return rows.map(toWebhookEndpointJson);
}
