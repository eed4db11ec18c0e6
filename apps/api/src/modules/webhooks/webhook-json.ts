import type { TWebhookEndpoint, TWebhookEventType } from '@courier/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { webhookEndpoints } from '../../db/schema/index.js';
import { notFound } from '../../platform/app-error.js';
import { isUuid } from '../../shared/ids.js';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export const WEBHOOK_NOT_FOUND = 'Webhook endpoint not found';

export function toWebhookEndpointJson(row: WebhookEndpointRow): TWebhookEndpoint {
  return {
    _id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes as TWebhookEventType[],
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The endpoint when the policy's `allowed` lets the caller at it; anyone else's answers the same 404 as an unknown one. */
export async function findWebhookEndpoint(
  db: DbOrTx,
  id: string,
  allowed: (row: WebhookEndpointRow) => boolean,
): Promise<WebhookEndpointRow> {
  if (!isUuid(id)) throw notFound(WEBHOOK_NOT_FOUND);
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).limit(1);
  // A FHIR Subscription's channel (kind 'fhir') is managed through the Subscription only.
  if (row?.kind !== 'webhook' || !allowed(row)) throw notFound(WEBHOOK_NOT_FOUND);
  return row;
}
