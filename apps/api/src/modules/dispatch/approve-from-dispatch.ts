import type { Actor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { approveDelivery } from './approve-delivery.js';
import { dispatchReply } from './dispatch-reply.js';

/** Staff approve a pending request; the reply is the approved delivery. */
export async function approveFromDispatch(services: Services, actor: Actor, input: { idOrOrderId: string; note?: string }) {
  const moved = await approveDelivery(services, actor, input);
  return dispatchReply(services, moved.id, 'Delivery approved');
}
