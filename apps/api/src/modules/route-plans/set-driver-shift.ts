import { ROLE_IDS, roleFromId, type TDriverShiftRequest, type TManagedUserResponse } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { badRequest, forbidden, notFound } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, assertAudience, mayManageAccount } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { toManagedUser } from '../users/managed-user-json.js';
import { USER_NOT_FOUND } from '../users/update-user.js';
import { isUuid } from '../../shared/ids.js';

/**
 * Sets a driver's shift (or clears it) with its break, the vehicle's compartments (general and cold units) and the
 * driver's skills, as the users page does (ADMIN and above).
 */
export async function setDriverShift(
  services: Services,
  actor: Actor,
  input: TDriverShiftRequest & { userId: string },
): Promise<TManagedUserResponse> {
  assertAudience(actor, 'admin');
  if (!isUuid(input.userId)) throw notFound(USER_NOT_FOUND);
  const now = services.clock.now();
  const updated = await services.db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, input.userId)).for('update');
    const role = roleFromId(target?.roleId);
    if (!target || target.isDeleted || !role) throw notFound(USER_NOT_FOUND);
    if (!mayManageAccount(actor, { id: target.id, role })) throw forbidden('You cannot change an account of your rank or above');
    if (target.roleId !== ROLE_IDS.DRIVER) throw badRequest('shift: Only drivers have a shift', 'shift');
    const shift =
      input.shift === undefined
        ? {}
        : {
            shiftStart: input.shift?.start ?? null,
            shiftEnd: input.shift?.end ?? null,
            shiftStartPlace: input.shift?.startPlace ?? null,
            // A shift sent without its break keeps none: the form always sends the whole shift.
            breakMinutes: input.shift?.break?.minutes ?? null,
            breakEarliest: input.shift?.break?.earliest ?? null,
            breakLatest: input.shift?.break?.latest ?? null,
          };
    const [row] = await tx
      .update(users)
      .set({
        ...shift,
        ...(input.vehicleCapacity !== undefined ? { vehicleCapacity: input.vehicleCapacity } : {}),
        ...(input.coldCapacity !== undefined ? { coldCapacity: input.coldCapacity } : {}),
        ...(input.skills !== undefined ? { skills: [...input.skills].sort() } : {}),
        updatedAt: now,
      })
      .where(eq(users.id, target.id))
      .returning();
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'user.shift_change',
        targetType: 'user',
        targetId: target.id,
        ip: actor.ip,
        details: {
          shift: input.shift,
          vehicleCapacity: input.vehicleCapacity,
          coldCapacity: input.coldCapacity,
          skills: input.skills,
          previousSkills: input.skills !== undefined ? target.skills : undefined,
        },
      },
      now,
    );
    return row;
  });
  return { success: true, message: 'Shift saved', data: toManagedUser(updated) };
}
