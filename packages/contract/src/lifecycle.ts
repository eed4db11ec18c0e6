import { DELIVERY_STATUSES, STATUS_TRANSITIONS, type TDeliveryStatus, type TStatusActor } from './deliveries.js';

/** Rules derived from STATUS_TRANSITIONS only, so no side re-codes which moves exist. */

/** Every status reachable from `from` by any chain of moves, `from` included. */
export function reachableStatuses(from: TDeliveryStatus): Set<TDeliveryStatus> {
  const seen = new Set<TDeliveryStatus>([from]);
  const queue: TDeliveryStatus[] = [from];
  while (queue.length) {
    const at = queue.shift() as TDeliveryStatus;
    for (const next of Object.keys(STATUS_TRANSITIONS[at]) as TDeliveryStatus[]) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

/** No move leaves this status. */
export const isFinalStatus = (status: TDeliveryStatus): boolean => Object.keys(STATUS_TRANSITIONS[status]).length === 0;

/** The moves an actor may make from a status, in the table's order. */
export function movesFor(from: TDeliveryStatus, actor: TStatusActor): TDeliveryStatus[] {
  return (Object.entries(STATUS_TRANSITIONS[from]) as Array<[TDeliveryStatus, TStatusActor[]]>)
    .filter(([, actors]) => actors.includes(actor))
    .map(([to]) => to);
}

/**
 * The driver's next step (the big button), or null when the driver has none: on the way to delivered, or,
 * for a parcel going back, the hand-back (returned). A failed attempt is never the big button.
 */
export function nextDriverStatus(from: TDeliveryStatus): TDeliveryStatus | null {
  return (
    movesFor(from, 'driver').find(
      (to) => to !== from && to !== 'failed_attempt' && (reachableStatuses(to).has('delivered') || to === 'returned'),
    ) ?? null
  );
}

/** A label is worth printing while the parcel can still be, or has been, delivered: never once cancelled. */
export const mayHaveLabel = (status: TDeliveryStatus): boolean => reachableStatuses(status).has('delivered');

/** Feedback is for a delivered order only: the one final status the parcel reaches by being handed over. */
export const acceptsFeedback = (status: TDeliveryStatus, rejectedByLab = false): boolean =>
  status === 'delivered' && isFinalStatus(status) && !rejectedByLab;

/** No move leaves these (delivered, returned, cancelled): the delivery is over. */
export const FINAL_STATUSES: readonly TDeliveryStatus[] = DELIVERY_STATUSES.filter(isFinalStatus);

/** The parcel is with the driver (picked up, not yet handed over): the driver's position is the parcel's. */
export const ON_BOARD_STATUSES: readonly TDeliveryStatus[] = ['picked_up', 'in_transit', 'failed_attempt', 'returning'];

/**
 * Moves made away from the parcel before pickup: dispatch approving or assigning it, and the driver setting off
 * (their position is theirs, not the parcel's). A timeline shows no place for them; the parcel is still at its origin.
 */
export const PLACELESS_STATUSES: readonly TDeliveryStatus[] = ['approved', 'assigned', 'moving_to_pickup_location'];

/** A driver's open jobs: a step still to make, or a parcel still on board (a failed attempt waiting for dispatch). */
export const DRIVER_OPEN_STATUSES: readonly TDeliveryStatus[] = DELIVERY_STATUSES.filter(
  (s) => nextDriverStatus(s) !== null || ON_BOARD_STATUSES.includes(s),
);

/** Dispatch's exceptions queue: failed attempts waiting for a decision and returns under way. */
export const EXCEPTION_STATUSES: readonly TDeliveryStatus[] = ['failed_attempt', 'returning'];

/** The refusal every side shows for a move the table does not allow. */
export const cannotMoveMessage = (from: TDeliveryStatus, to: TDeliveryStatus) => `Cannot change status from ${from} to ${to}`;
