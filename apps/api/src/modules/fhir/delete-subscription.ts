import { eq } from 'drizzle-orm';
import { fhirSubscriptions, webhookEndpoints } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import type { Services } from '../../services.js';
import type { FhirCaller } from './fhir-caller.js';
import { findSubscription } from './subscription-resource.js';

/** DELETE /fhir/r4/Subscription/{id}: the Subscription and its channel, with messages not yet sent and its log. */
export async function deleteSubscription(services: Services, caller: FhirCaller, id: string): Promise<void> {
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    const found = await findSubscription(tx, caller, id);
    await tx.delete(fhirSubscriptions).where(eq(fhirSubscriptions.id, id));
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, found.endpoint.id));
    await recordAudit(
      tx,
      {
        actorId: caller.actor.id,
        action: 'fhir_subscription.delete',
        targetType: 'fhir_subscription',
        targetId: id,
        ip: caller.actor.ip,
        details: { endpoint: found.endpoint.url },
      },
      now,
    );
  });
}
