import { roleFromId, type TManagedUserResponse, type TUpdateUserRequest } from '@courier/contract';
import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, assertAudience, mayGrantRole, mayManageAccount } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { announceAccountChange, revokeSessions } from '../auth/sessions.js';
import { refuseLastSuperAdmin, refuseWhileParcelsOnBoard } from './account-guards.js';
import { toManagedUser } from './managed-user-json.js';
import { isUuid } from '../../shared/ids.js';

export const USER_NOT_FOUND = 'User not found';

/**
 * Changes an account's role or turns it off or on. Nobody changes their own account here or one of their
 * rank or above, nor grants above their own. Turning an account off ends its sessions at once: refresh
 * tokens are revoked and every request re-reads the account, so its access token stops working too.
 */
export const CUSTOMER_ROLE_FIXED =
  "roleId: A customer's role cannot be changed: customers belong to their organisation's account and sign themselves up";

export async function updateUser(
  services: Services,
  actor: Actor,
  input: TUpdateUserRequest & { userId: string },
): Promise<TManagedUserResponse> {
  assertAudience(actor, 'admin');
  if (!isUuid(input.userId)) throw notFound(USER_NOT_FOUND);
  const { db, clock } = services;
  const now = clock.now();
  const updated = await db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, input.userId)).for('update');
    const targetRole = roleFromId(target?.roleId);
    if (!target || target.isDeleted || !targetRole) throw notFound(USER_NOT_FOUND);
    if (target.id === actor.id) throw forbidden('You cannot change your own account here');
    if (!mayManageAccount(actor, { id: target.id, role: targetRole }))
      throw forbidden('You cannot change an account of your rank or above');
    const newRole = input.roleId ? roleFromId(input.roleId) : undefined;
    if (newRole && !mayGrantRole(actor, newRole)) throw forbidden('You cannot grant a role above your own');
    const disabling = input.isActive === false && !target.isDisabled;
    const enabling = input.isActive === true && target.isDisabled;
    const roleChange = newRole !== undefined && input.roleId !== target.roleId;
    // A customer belongs to their organisation's account, which staff and drivers do not have.
    if (roleChange && (newRole === 'CUSTOMER' || targetRole === 'CUSTOMER')) throw badRequest(CUSTOMER_ROLE_FIXED, 'roleId');
    if (!disabling && !enabling && !roleChange) throw conflict('Nothing to change: the account already has this role and state');
    if (disabling || roleChange) await refuseLastSuperAdmin(tx, target.id);
    if ((disabling || roleChange) && targetRole === 'DRIVER') await refuseWhileParcelsOnBoard(tx, target.id, 'disabled');
    const [row] = await tx
      .update(users)
      .set({
        ...(roleChange ? { roleId: input.roleId } : {}),
        ...(disabling || enabling ? { isDisabled: disabling } : {}),
        updatedAt: now,
      })
      .where(and(eq(users.id, target.id)))
      .returning();
    if (disabling) await revokeSessions(tx, target.id, now);
    else if (roleChange) await announceAccountChange(tx, target.id);
    const audit = (action: string, details: Record<string, unknown>) =>
      recordAudit(tx, { actorId: actor.id, action, targetType: 'user', targetId: target.id, ip: actor.ip, details }, now);
    if (roleChange) await audit('user.role_change', { from: targetRole, to: newRole });
    if (disabling) await audit('user.disable', { email: target.email });
    if (enabling) await audit('user.enable', { email: target.email });
    return row;
  });
  const message = input.isActive === false ? 'Account disabled' : input.isActive === true ? 'Account enabled' : 'Role changed';
  return { success: true, message, data: toManagedUser(updated) };
}
