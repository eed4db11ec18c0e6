import { ACCOUNT_MESSAGES } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, mayManageAccountMembers } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { isUuid } from '../../shared/ids.js';
import { lockedMember } from './members.js';
import { openCustomerAccount } from './open-customer-account.js';

/**
 * An owner removes someone from the account (themselves too, while another owner remains). The removed person
 * keeps their sign-in: they get a new account of their own, as its owner, named after them. Their past
 * deliveries stay billed to, and visible to the owners of, the account they leave; they still see them as the
 * person who booked them.
 */
export async function removeMember(services: Services, actor: Actor, input: { userId: string }) {
  if (!mayManageAccountMembers(actor) || !actor.account) throw forbidden(ACCOUNT_MESSAGES.ownersOnly);
  if (!isUuid(input.userId)) throw notFound(ACCOUNT_MESSAGES.memberNotFound);
  const accountId = actor.account.id;
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    const target = await lockedMember(tx, actor.id, accountId, input.userId, () => true);
    // Named after the person (not their organisation field, which may well be the account they leave).
    const own = await openCustomerAccount(tx, { ...target, organisation: null }, now);
    await tx.update(users).set({ accountId: own.id, accountRole: 'owner', updatedAt: now }).where(eq(users.id, target.id));
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'account.member.remove',
        targetType: 'user',
        targetId: target.id,
        ip: actor.ip,
        details: { before: { accountId, role: target.accountRole }, after: { accountId: own.id, role: 'owner' } },
      },
      now,
    );
  });
  return { success: true as const, message: 'Member removed' };
}
