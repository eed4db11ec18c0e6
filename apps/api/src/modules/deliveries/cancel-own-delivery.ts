import type { Actor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { cancelDelivery } from './cancel-delivery.js';
import { findReadableDelivery } from './deliveries.queries.js';
import { toDeliveryJson } from '../../shared/delivery-json.js';
import { deliveryJsonContext } from './delivery-reply-context.js';

/** The owner withdraws a pending request; the reply shows the cancelled delivery. */
export async function cancelOwnDelivery(services: Services, actor: Actor, input: { idOrOrderId: string; reason?: string }) {
  const cancelled = await cancelDelivery(services, actor, input);
  const data = toDeliveryJson(await findReadableDelivery(services.db, actor, cancelled.id), deliveryJsonContext(services));
  return { success: true as const, message: 'Delivery cancelled', data };
}
