import { count, eq } from 'drizzle-orm';
import { fhirSubscriptions, webhookEndpoints } from '../../db/schema/index.js';
import { conflict } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { lockOwner } from '../../platform/owner-lock.js';
import type { Services } from '../../services.js';
import { newWebhookSecret } from '../webhooks/create-webhook-endpoint.js';
import { refuseWebhookUrl } from '../webhooks/webhook-url.js';
import type { FhirCaller } from './fhir-caller.js';
import { FhirInvalid } from './operation-outcome.js';
import { FHIR_SUBSCRIPTION_CAP, subscriptionInputOf, subscriptionOf } from './subscription-resource.js';

/** The webhooks' URL rule (https and public in production; OUTBOUND_ALLOWED_NETWORKS), naming the channel's endpoint. */
export async function assertChannelEndpoint(services: Services, url: string) {
  const refusal = await refuseWebhookUrl(url, services.env.NODE_ENV === 'production', services.env.OUTBOUND_ALLOWED_NETWORKS);
  if (refusal) throw new FhirInvalid(`channel.endpoint: ${refusal}`, 'Subscription.channel.endpoint');
}

/**
 * POST /fhir/r4/Subscription: a rest-hook on the caller's account's Tasks. Its channel is a webhook endpoint of kind
 * 'fhir' (sent by the webhooks' outbox), made with it in one transaction; it is active at once (status requested →
 * active).
 */
export async function createSubscription(services: Services, caller: FhirCaller, body: unknown) {
  const input = subscriptionInputOf(body, caller);
  await assertChannelEndpoint(services, input.endpoint);
  const now = services.clock.now();
  return services.db.transaction(async (tx) => {
    await lockOwner(tx, caller.actor.id);
    const [{ n }] = await tx.select({ n: count() }).from(fhirSubscriptions).where(eq(fhirSubscriptions.accountId, caller.accountId));
    if (n >= FHIR_SUBSCRIPTION_CAP) throw conflict(`An account can have at most ${FHIR_SUBSCRIPTION_CAP} Subscriptions; delete one first`);
    const [endpoint] = await tx
      .insert(webhookEndpoints)
      .values({
        userId: caller.actor.id,
        kind: 'fhir',
        url: input.endpoint,
        description: 'FHIR Subscription',
        eventTypes: [],
        headers: input.headerMap,
        secret: newWebhookSecret(),
        enabled: true,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const [sub] = await tx
      .insert(fhirSubscriptions)
      .values({
        accountId: caller.accountId,
        userId: caller.actor.id,
        endpointId: endpoint.id,
        criteria: input.criteria,
        reason: input.reason,
        channelHeaders: input.headers,
        requestedStatus: input.requestedStatus,
        end: input.end,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordAudit(
      tx,
      {
        actorId: caller.actor.id,
        action: 'fhir_subscription.create',
        targetType: 'fhir_subscription',
        targetId: sub.id,
        ip: caller.actor.ip,
        details: { endpoint: input.endpoint, ...(caller.actor.apiKey ? { apiKey: caller.actor.apiKey.name } : {}) },
      },
      now,
    );
    return subscriptionOf(sub, endpoint);
  });
}
