import type { Actor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { moveDelivery } from '../deliveries/move-delivery.js';
import { placeOfFix } from './driver-place.js';
import type { DriverMoveInput } from './start-pickup-run.js';

/** The parcel leaves the pickup for its drop-off. */
export async function startTransit(services: Services, actor: Actor, input: DriverMoveInput) {
  return moveDelivery(services, actor, { idOrTrackingNumber: input.idOrTrackingNumber, to: 'in_transit' }, () => ({
    place: placeOfFix(input.location),
    note: input.note || 'On the way to the recipient',
    audit: { action: 'delivery.transit' },
    within: input.within,
  }));
}
