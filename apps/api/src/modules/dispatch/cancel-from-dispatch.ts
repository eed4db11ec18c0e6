import type { Actor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { cancelDelivery } from '../deliveries/cancel-delivery.js';
import { dispatchReply } from './dispatch-reply.js';

/** Staff cancel a delivery with a reason; the reply is the cancelled delivery. */
export async function cancelFromDispatch(services: Services, actor: Actor, input: { idOrOrderId: string; reason: string }) {
  const moved = await cancelDelivery(services, actor, input);
  return dispatchReply(services, moved.id, 'Delivery cancelled');
}
