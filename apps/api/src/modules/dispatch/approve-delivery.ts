import type { Actor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { moveDelivery } from '../deliveries/move-delivery.js';

/** Staff accept a pending request: it can now be given to a driver. */
export async function approveDelivery(services: Services, actor: Actor, input: { idOrTrackingNumber: string; note?: string }) {
  return moveDelivery(services, actor, { idOrTrackingNumber: input.idOrTrackingNumber, to: 'approved' }, () => ({
    // A STAT's pick-up-by countdown and its escalation run from here.
    set: { approvedAt: services.clock.now() },
    note: input.note ? `Approved: ${input.note}` : 'Approved by dispatch',
    audit: { action: 'delivery.approve' },
  }));
}
