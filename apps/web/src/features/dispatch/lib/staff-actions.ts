import { movesFor, type TDeliveryStatus } from '@courier/contract';

export type TStaffAction = 'approve' | 'assign' | 'reassign' | 'cancel';

/** The buttons staff get for a delivery, read off STATUS_TRANSITIONS (never re-coded here). */
export function staffActions(status: TDeliveryStatus): TStaffAction[] {
  return movesFor(status, 'staff').map((to): TStaffAction => {
    if (to === 'cancelled') return 'cancel';
    if (to === 'assigned') return status === 'assigned' ? 'reassign' : 'assign';
    if (to === 'approved') return 'approve';
    throw new Error(`No staff button for a move to ${to}`);
  });
}
