import type { TFhirNotificationAttempt } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { fhirSubscriptions } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../platform/app-error.js';
import { type Actor, mayReadFhirSubscription, mayReadFhirSubscriptions } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { isUuid } from '../../shared/ids.js';
import { attemptsOf } from '../webhooks/list-webhook-attempts.js';
import { FHIR_SUBSCRIPTIONS_FORBIDDEN } from './list-fhir-subscriptions.js';
import { SUBSCRIPTION_NOT_FOUND } from './subscription-resource.js';

/** GET /api/v1/integrations/fhir-subscriptions/{id}/deliveries: its notifications' latest attempts, newest first. */
export async function listSubscriptionAttempts(
  services: Services,
  actor: Actor,
  input: { id: string },
): Promise<TFhirNotificationAttempt[]> {
  if (!mayReadFhirSubscriptions(actor)) throw forbidden(FHIR_SUBSCRIPTIONS_FORBIDDEN);
  const [sub] = isUuid(input.id) ? await services.db.select().from(fhirSubscriptions).where(eq(fhirSubscriptions.id, input.id)) : [];
  if (!sub || !mayReadFhirSubscription(actor, sub)) throw notFound(SUBSCRIPTION_NOT_FOUND);
  return (await attemptsOf(services, sub.endpointId)).map(({ eventType: _type, ...attempt }) => attempt);
}
