import { movesFor, type TDeliveryStatus } from '@courier/contract';

export type TDispatchAction = 'approve' | 'assign' | 'reassign' | 'cancel' | 'reattempt' | 'return';

/**
 * The buttons staff get for a delivery, read off STATUS_TRANSITIONS (never re-coded here). After pickup a
 * return is reached through Cancel (the parcel goes back to the sender); a failed attempt is decided with
 * Re-attempt (same or another driver) or Return; a parcel on board can be reassigned to another driver.
 */
export function dispatchActions(status: TDeliveryStatus): TDispatchAction[] {
  const actions = movesFor(status, 'staff').map((to): TDispatchAction => {
    if (status === 'failed_attempt') return to === 'returning' ? 'return' : 'reattempt';
    if (to === 'cancelled' || to === 'returning') return 'cancel';
    // A driver already has it (assigned, or on board: the new driver collects it from the first).
    if (to === 'assigned') return status === 'approved' ? 'assign' : 'reassign';
    if (to === 'approved') return 'approve';
    throw new Error(`No staff button for a move to ${to}`);
  });
  return [...new Set(actions)];
}
