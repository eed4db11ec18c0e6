import { canMoveStatus } from '@courier/contract';
import { type Actor, hatsFor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { findDeliveryRow, moveDelivery } from './move-delivery.js';
import { startReturn } from './start-return.js';

/**
 * Withdraws a delivery: its owner while nobody has approved it, staff until it is picked up (the status
 * table says which). The parcel stays where it was. After pickup a cancel never leaves the parcel in the
 * van as "cancelled": it becomes a return to the sender (returning), with the reason kept.
 */
export async function cancelDelivery(services: Services, actor: Actor, input: { idOrTrackingNumber: string; reason?: string }) {
  const reason = input.reason?.trim() || null;
  const d = await findDeliveryRow(services, actor, input.idOrTrackingNumber);
  if (
    !canMoveStatus(d.status, 'cancelled', 'staff') &&
    canMoveStatus(d.status, 'returning', 'staff') &&
    hatsFor(actor, d).includes('staff')
  ) {
    return startReturn(services, actor, {
      idOrTrackingNumber: d.id,
      note: `Cancelled after pickup${reason ? `: ${reason}` : ''}`,
      cancelReason: reason,
    });
  }
  return moveDelivery(services, actor, { idOrTrackingNumber: input.idOrTrackingNumber, to: 'cancelled' }, (d) => {
    const by = hatsFor(actor, d).includes('owner') ? 'the customer' : 'dispatch';
    return {
      set: { cancelReason: reason },
      note: reason ? `Cancelled by ${by}: ${reason}` : `Cancelled by ${by}`,
      audit: { action: 'delivery.cancel', details: { reason } },
    };
  });
}
