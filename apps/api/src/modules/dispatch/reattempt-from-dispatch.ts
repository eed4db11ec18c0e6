import type { TReattemptRequest } from '@courier/contract';
import type { Actor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { dispatchReply } from './dispatch-reply.js';
import { reattemptDelivery } from './reattempt-delivery.js';

/** Staff send a failed delivery out again; the reply is the delivery as it now stands. */
export async function reattemptFromDispatch(services: Services, actor: Actor, input: TReattemptRequest & { idOrOrderId: string }) {
  const moved = await reattemptDelivery(services, actor, input);
  return dispatchReply(services, moved.id, 'Re-attempt scheduled');
}
