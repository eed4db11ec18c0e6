import type { TCoords } from '@courier/contract';
import type { Actor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { type MovePlan, moveDelivery } from '../deliveries/move-delivery.js';
import { placeOfFix } from './driver-place.js';

export interface DriverMoveInput {
  idOrTrackingNumber: string;
  location?: TCoords;
  note?: string;
  /** Claims the Idempotency-Key inside the move's transaction. */
  within?: MovePlan['within'];
}

/** The assigned driver sets off to the pickup address. */
export async function startPickupRun(services: Services, actor: Actor, input: DriverMoveInput) {
  return moveDelivery(services, actor, { idOrTrackingNumber: input.idOrTrackingNumber, to: 'moving_to_pickup_location' }, () => ({
    place: placeOfFix(input.location),
    note: input.note || 'Driver on the way to pickup',
    audit: { action: 'delivery.pickup_run' },
    within: input.within,
  }));
}
