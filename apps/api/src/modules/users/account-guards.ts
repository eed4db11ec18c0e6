import { ON_BOARD_STATUSES, ROLE_IDS } from '@courier/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { deliveries, users } from '../../db/schema/index.js';
import { conflict } from '../../platform/app-error.js';

export const LAST_SUPER_ADMIN = 'This is the last active SUPER_ADMIN: make another account SUPER_ADMIN first';

/**
 * A driver carrying parcels cannot go away: the parcels would be stuck with nobody able to move them. Refused
 * (409 naming the parcels) until staff reassign them or they are delivered.
 */
export async function refuseWhileParcelsOnBoard(tx: DbOrTx, driverId: string, what: 'disabled' | 'deleted'): Promise<void> {
  const onBoard = await tx
    .select({ orderId: deliveries.orderId })
    .from(deliveries)
    .where(and(eq(deliveries.driverId, driverId), inArray(deliveries.status, [...ON_BOARD_STATUSES])))
    .orderBy(asc(deliveries.orderId))
    .for('update');
  if (onBoard.length === 0) return;
  const list = onBoard.map((d) => d.orderId).join(', ');
  throw conflict(`The account cannot be ${what} while parcels are on board: ${list}. Staff must reassign them first.`);
}

/** The last active SUPER_ADMIN cannot be deleted or disabled: nobody could manage admins after it. Rows are locked so two at once cannot both go. */
export async function refuseLastSuperAdmin(tx: DbOrTx, userId: string): Promise<void> {
  const supers = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.roleId, ROLE_IDS.SUPER_ADMIN), eq(users.isDeleted, false), eq(users.isDisabled, false)))
    .for('update');
  if (supers.some((s) => s.id === userId) && supers.filter((s) => s.id !== userId).length === 0) throw conflict(LAST_SUPER_ADMIN);
}
