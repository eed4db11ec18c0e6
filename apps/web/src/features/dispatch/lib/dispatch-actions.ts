import { holdAllowsMove, movesFor, type TDeliveryStatus, type THoldState } from '@courier/contract';

export type TDispatchAction = 'approve' | 'assign' | 'reassign' | 'cancel' | 'reattempt' | 'return';

/**
 * The buttons staff get for a delivery, read off STATUS_TRANSITIONS (never re-coded here). After pickup a
 * return is reached through Cancel (the parcel goes back to the sender); a failed attempt is decided with
 * Re-attempt (same or another driver) or Return; a parcel on board can be reassigned to another driver. A parcel on
 * hold keeps only the moves the contract's hold table lets through (going back to the sender).
 */
export function dispatchActions(status: TDeliveryStatus, hold: THoldState = 'clear'): TDispatchAction[] {
  const moves = movesFor(status, 'staff').filter((to) => holdAllowsMove(hold, status, to));
  const actions = moves.map((to): TDispatchAction => {
    if (status === 'failed_attempt') return to === 'returning' ? 'return' : 'reattempt';
    if (to === 'cancelled' || to === 'returning') return 'cancel';
    // A driver already has it (assigned, or on board: the new driver collects it from the first).
    if (to === 'assigned') return status === 'approved' ? 'assign' : 'reassign';
    if (to === 'approved') return 'approve';
    throw new Error(`No staff button for a move to ${to}`);
  });
  return [...new Set(actions)];
}
