import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { startReturn } from '../deliveries/start-return.js';
import { toDispatchDeliveryJson } from './dispatch-reply.js';

/**
 * Staff decide a failed attempt by sending the parcel back to its sender (a cancel after pickup does the
 * same from picked_up or in_transit); the reply is the delivery as it now stands.
 */
export async function returnFromDispatch(services: Services, actor: Actor, input: { idOrTrackingNumber: string; note: string }) {
  assertAudience(actor, 'staff');
  const moved = await startReturn(services, actor, {
    idOrTrackingNumber: input.idOrTrackingNumber,
    note: input.note,
    onlyFrom: ['failed_attempt'],
  });
  return toDispatchDeliveryJson(services, actor, moved.id, 'Return to sender started');
}
