import { roleFromId, type TManagedUser } from '@courier/contract';
import type { users } from '../../db/schema/index.js';
import { driverShiftJson } from '../../shared/driver-shift.js';

type UserRow = typeof users.$inferSelect;

/** An account as the user pages show it: never its hash, lock or preferences. */
export function toManagedUser(u: UserRow): TManagedUser {
  return {
    _id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    phone: u.phone,
    roleId: u.roleId,
    role: roleFromId(u.roleId) ?? 'CUSTOMER',
    isActive: !u.isDisabled,
    emailVerified: u.emailVerifiedAt !== null,
    createdAt: u.createdAt.toISOString(),
    ...driverShiftJson(u),
  };
}
