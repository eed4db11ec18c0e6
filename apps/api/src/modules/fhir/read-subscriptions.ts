import type { Services } from '../../services.js';
import { FHIR_BASE_PATH } from '../fhir-task/fhir-codes.js';
import type { FhirCaller } from './fhir-caller.js';
import { findSubscription, subscriptionOf, subscriptionsWithEndpoints } from './subscription-resource.js';

/** GET /fhir/r4/Subscription/{id}. */
export async function readSubscription(services: Services, caller: FhirCaller, id: string) {
  const { sub, endpoint } = await findSubscription(services.db, caller, id);
  return subscriptionOf(sub, endpoint);
}

/** GET /fhir/r4/Subscription: the caller's (at most FHIR_SUBSCRIPTION_CAP, so one page). */
export async function searchSubscriptions(services: Services, caller: FhirCaller) {
  const rows = await subscriptionsWithEndpoints(services.db, caller);
  const base = `${services.publicUrl}${FHIR_BASE_PATH}`;
  return {
    resourceType: 'Bundle' as const,
    type: 'searchset' as const,
    total: rows.length,
    link: [{ relation: 'self', url: `${base}/Subscription` }],
    ...(rows.length
      ? {
          entry: rows.map(({ sub, endpoint }) => ({
            fullUrl: `${base}/Subscription/${sub.id}`,
            resource: subscriptionOf(sub, endpoint),
            search: { mode: 'match' as const },
          })),
        }
      : {}),
  };
}
