import { ACCOUNT_MESSAGES } from '@courier/contract';
import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, mayManageAccountMembers } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { isUuid } from '../../shared/ids.js';
import { lastOwner, lockAccount, ownerCount } from './members.js';
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
    await lockAccount(tx, accountId);
    const [me] = await tx.select({ accountId: users.accountId, accountRole: users.accountRole }).from(users).where(eq(users.id, actor.id));
    if (me?.accountId !== accountId || me.accountRole !== 'owner') throw forbidden(ACCOUNT_MESSAGES.ownersOnly);
    const [target] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, input.userId), eq(users.accountId, accountId)));
    if (!target) throw notFound(ACCOUNT_MESSAGES.memberNotFound);
    if (target.accountRole === 'owner' && (await ownerCount(tx, accountId)) <= 1) throw lastOwner();
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
