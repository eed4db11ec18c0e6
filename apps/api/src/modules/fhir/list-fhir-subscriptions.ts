import type { TFhirSubscriptionSummary } from '@courier/contract';
import { forbidden } from '../../platform/app-error.js';
import { type Actor, mayReadFhirSubscriptions } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { type EndpointRow, type SubscriptionRow, subscriptionStatus, subscriptionsWithEndpoints } from './subscription-resource.js';

export const FHIR_SUBSCRIPTIONS_FORBIDDEN = 'Only the customers of an account, signed in, may see its FHIR Subscriptions';

function summaryOf(sub: SubscriptionRow, endpoint: EndpointRow): TFhirSubscriptionSummary {
  const status = subscriptionStatus(sub, endpoint);
  return {
    _id: sub.id,
    criteria: sub.criteria,
    endpoint: endpoint.url,
    status,
    error: status === 'error' ? (endpoint.disabledReason ?? null) : null,
    end: sub.end?.toISOString() ?? null,
    createdAt: sub.createdAt.toISOString(),
  };
}

/** GET /api/v1/integrations/fhir-subscriptions: the account's (an owner's) or one's own (a member's), oldest first. */
export async function listFhirSubscriptions(services: Services, actor: Actor): Promise<TFhirSubscriptionSummary[]> {
  if (!mayReadFhirSubscriptions(actor) || !actor.account) throw forbidden(FHIR_SUBSCRIPTIONS_FORBIDDEN);
  const rows = await subscriptionsWithEndpoints(services.db, { actor, accountId: actor.account.id, accountRole: actor.account.role });
  return rows.map(({ sub, endpoint }) => summaryOf(sub, endpoint));
}
