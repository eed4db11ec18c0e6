import type { TAdminDeliveryResponse, TDispositionRequest } from '@courier/contract';
import { conflict, forbidden } from '../../platform/app-error.js';
import { type Actor, assertAudience, mayDecideDisposition } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { decideHold } from '../deliveries/decide-hold.js';
import { findDeliveryRow, NOT_ON_HOLD } from '../deliveries/move-delivery.js';
import { toDispatchDeliveryJson } from '../dispatch/dispatch-reply.js';

/**
 * POST /admin/deliveries/{id}/disposition (MANAGER and above): what happens to a parcel on hold.
 * continue lifts the hold; return lifts it and starts the return leg to the sender; discard ends the trip
 * as cancelled with the note as its reason.
 */
export async function recordDisposition(
  services: Services,
  actor: Actor,
  input: TDispositionRequest & { idOrTrackingNumber: string },
): Promise<TAdminDeliveryResponse> {
  assertAudience(actor, 'staff');
  if (!mayDecideDisposition(actor)) throw forbidden('Only a manager (or above) can record a disposition');
  const d = await findDeliveryRow(services, actor, input.idOrTrackingNumber);
  if (!d.holdSince) throw conflict(NOT_ON_HOLD);
  await decideHold(services, actor, d, { action: input.action, note: input.note });
  services.outbox.kick();
  const message = {
    continue: 'Hold lifted: the delivery continues',
    return: 'Hold lifted: the parcel returns to the sender',
    discard: 'Discarded: the trip ended as cancelled',
  }[input.action];
  return toDispatchDeliveryJson(services, actor, d.id, message);
}
