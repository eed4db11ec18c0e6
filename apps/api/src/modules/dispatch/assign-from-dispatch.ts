import type { Actor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { assignDriver } from './assign-driver.js';
import { dispatchReply } from './dispatch-reply.js';

/** Staff assign (or reassign) a driver; the reply is the assigned delivery. */
export async function assignFromDispatch(services: Services, actor: Actor, input: Parameters<typeof assignDriver>[2]) {
  const moved = await assignDriver(services, actor, input);
  return dispatchReply(services, moved.id, 'Driver assigned');
}
