import { ACCOUNT_MESSAGES, type TMemberPatch, ZMemberPatch } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, mayManageAccountMembers } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { isUuid } from '../../shared/ids.js';
import { lockedMember, toMemberJson } from './members.js';

/**
 * An owner makes a member an owner or an owner a member (themselves included while another owner remains).
 * Someone not on the caller's account is 404, like an unknown id.
 */
export async function changeMemberRole(services: Services, actor: Actor, input: { userId: string; patch: TMemberPatch }) {
  if (!mayManageAccountMembers(actor) || !actor.account) throw forbidden(ACCOUNT_MESSAGES.ownersOnly);
  const { role } = ZMemberPatch.parse(input.patch);
  if (!isUuid(input.userId)) throw notFound(ACCOUNT_MESSAGES.memberNotFound);
  const accountId = actor.account.id;
  const now = services.clock.now();
  const data = await services.db.transaction(async (tx) => {
    const target = await lockedMember(tx, actor.id, accountId, input.userId, () => role !== 'owner');
    if (target.accountRole === role) return toMemberJson(target);
    const [updated] = await tx.update(users).set({ accountRole: role, updatedAt: now }).where(eq(users.id, target.id)).returning();
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'account.member.role',
        targetType: 'user',
        targetId: target.id,
        ip: actor.ip,
        details: { accountId, before: { role: target.accountRole }, after: { role } },
      },
      now,
    );
    return toMemberJson(updated);
  });
  return { success: true as const, message: 'Role changed', data };
}
