import type { Actor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { readDelivery } from '../deliveries/read-delivery.js';
import { dispatchReply } from './dispatch-reply.js';

/** One delivery in full for the console; readDelivery checks access and audits the read. */
export async function showDispatchDelivery(services: Services, actor: Actor, input: { idOrOrderId: string }) {
  const { view } = await readDelivery(services, actor, input);
  return dispatchReply(services, view.delivery.id, 'Delivery');
}
