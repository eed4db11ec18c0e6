import type { Actor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { toDeliveryDetailJson } from '../../shared/delivery-json.js';
import { deliveryJsonContext } from './delivery-reply-context.js';
import { readDelivery } from './read-delivery.js';

/** One delivery as its reader may see it (owner, assigned driver or staff). */
export async function readOwnDelivery(services: Services, actor: Actor, input: { idOrTrackingNumber: string }) {
  const { view, story } = await readDelivery(services, actor, input);
  return { success: true as const, data: toDeliveryDetailJson(view, story, deliveryJsonContext(services, actor)) };
}
