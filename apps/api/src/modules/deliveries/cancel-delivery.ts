import { type Actor, hatsFor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { moveDelivery } from './move-delivery.js';

/**
 * Withdraws a delivery: its owner while nobody has approved it, staff until it is picked up (the status
 * table says which). The parcel stays where it was.
 */
export async function cancelDelivery(services: Services, actor: Actor, input: { idOrOrderId: string; reason?: string }) {
  const reason = input.reason?.trim() || null;
  return moveDelivery(services, actor, { idOrOrderId: input.idOrOrderId, to: 'cancelled' }, (d) => {
    const by = hatsFor(actor, d).includes('owner') ? 'the customer' : 'dispatch';
    return {
      set: { cancelReason: reason },
      note: reason ? `Cancelled by ${by}: ${reason}` : `Cancelled by ${by}`,
      audit: { action: 'delivery.cancel', details: { reason } },
    };
  });
}
