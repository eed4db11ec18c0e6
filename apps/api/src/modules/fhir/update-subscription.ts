import { eq } from 'drizzle-orm';
import { fhirSubscriptions, webhookEndpoints } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import type { Services } from '../../services.js';
import { assertChannelEndpoint } from './create-subscription.js';
import type { FhirCaller } from './fhir-caller.js';
import { FhirInvalid } from './operation-outcome.js';
import { findSubscription, subscriptionInputOf, subscriptionOf } from './subscription-resource.js';

/**
 * PUT /fhir/r4/Subscription/{id}: replaces criteria, channel, status and end. Setting it active again after it was
 * disabled for failing (status error) starts its failure count afresh, as re-enabling a webhook does.
 */
export async function updateSubscription(services: Services, caller: FhirCaller, id: string, body: unknown) {
  const input = subscriptionInputOf(body, caller);
  const bodyId = (body as { id?: unknown }).id;
  if (bodyId !== undefined && bodyId !== id) throw new FhirInvalid('The Subscription id must match the URL', 'Subscription.id');
  await assertChannelEndpoint(services, input.endpoint);
  const now = services.clock.now();
  return services.db.transaction(async (tx) => {
    const found = await findSubscription(tx, caller, id);
    const [endpoint] = await tx
      .update(webhookEndpoints)
      .set({
        url: input.endpoint,
        headers: input.headerMap,
        ...(input.requestedStatus === 'active' && !found.endpoint.enabled
          ? { enabled: true, disabledReason: null, failingSince: null }
          : {}),
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, found.endpoint.id))
      .returning();
    const [sub] = await tx
      .update(fhirSubscriptions)
      .set({
        criteria: input.criteria,
        reason: input.reason,
        channelHeaders: input.headers,
        requestedStatus: input.requestedStatus,
        end: input.end,
        updatedAt: now,
      })
      .where(eq(fhirSubscriptions.id, id))
      .returning();
    await recordAudit(
      tx,
      {
        actorId: caller.actor.id,
        action: 'fhir_subscription.update',
        targetType: 'fhir_subscription',
        targetId: id,
        ip: caller.actor.ip,
        details: { endpoint: input.endpoint, status: input.requestedStatus },
      },
      now,
    );
    return subscriptionOf(sub, endpoint);
  });
}
