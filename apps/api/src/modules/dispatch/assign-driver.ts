import { ROLE_IDS } from '@courier/contract';
import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { badRequest, conflict } from '../../platform/app-error.js';
import type { Actor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { moveDelivery } from '../deliveries/move-delivery.js';
import { isUuid } from '../../shared/ids.js';

export const NOT_A_DRIVER = 'driverId: Choose an active driver';
export const DRIVER_NOT_ACTIVATED = 'This driver has not activated their account yet (the invitation is unused): choose another driver';
export const CHANGED_HANDS = 'This delivery was just assigned by someone else. Reload it and try again.';

/** The driver account a delivery is given to: a driver's, neither disabled nor deleted (400 on driverId otherwise). */
export async function findActiveDriver(services: Services, driverId: string) {
  if (!isUuid(driverId)) throw badRequest(NOT_A_DRIVER, 'driverId');
  const [driver] = await services.db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      isDisabled: users.isDisabled,
      isDeleted: users.isDeleted,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(and(eq(users.id, driverId), eq(users.roleId, ROLE_IDS.DRIVER)))
    .limit(1);
  if (!driver || driver.isDisabled || driver.isDeleted) throw badRequest(NOT_A_DRIVER, 'driverId');
  return driver;
}

async function driverName(services: Services, id: string): Promise<string> {
  const [u] = await services.db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return (u ? `${u.firstName} ${u.lastName}`.trim() : '') || 'the previous driver';
}

/**
 * Staff give an approved delivery to a driver, or hand an assigned one to another driver. A parcel already
 * picked up (picked_up, in_transit) goes back to assigned for the new driver, who collects it from the first.
 */
export async function assignDriver(
  services: Services,
  actor: Actor,
  input: { idOrTrackingNumber: string; driverId: string; replacesDriverId?: string | null; note?: string },
) {
  return moveDelivery(services, actor, { idOrTrackingNumber: input.idOrTrackingNumber, to: 'assigned' }, async (d) => {
    if (input.replacesDriverId !== undefined && input.replacesDriverId !== d.driverId) throw conflict(CHANGED_HANDS);
    const driver = await findActiveDriver(services, input.driverId);
    if (d.driverId === driver.id) throw conflict('This driver is already assigned to the delivery');
    // An invited driver who never used the invitation has no way to sign in and move the parcel.
    if (!driver.emailVerifiedAt) throw conflict(DRIVER_NOT_ACTIVATED);
    const name = `${driver.firstName} ${driver.lastName}`;
    // A parcel on board stays with its driver until the new one collects it with the scan-checked pickup
    // (the custody hand-over between drivers, as for a re-attempt by another driver).
    const onBoard = d.status === 'picked_up' || d.status === 'in_transit';
    const holder = onBoard && d.driverId ? await driverName(services, d.driverId) : null;
    return {
      set: { driverId: driver.id },
      note: holder
        ? `Reassigned to ${name}, who collects the parcel from ${holder} (custody hand-over to come)`
        : d.driverId
          ? `Reassigned to ${name}`
          : `Assigned to ${name}`,
      // The customer already heard "Driver assigned": a second driver is news of its own, told once.
      message: d.driverId ? { event: 'reassigned' as const } : undefined,
      audit: {
        action: d.driverId ? 'delivery.reassign' : 'delivery.assign',
        details: { driverId: driver.id, previousDriverId: d.driverId, ...(onBoard ? { collectsFrom: d.driverId } : {}) },
      },
    };
  });
}
