import { ACCOUNT_MESSAGES, type TAcceptInvitationRequest } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { accountInvitations, users } from '../../db/schema/index.js';
import { conflict, forbidden } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, mayAcceptAccountInvitation } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { findPendingInvitation, invitationInvalid, lastOwner, lockAccount, memberCount, ownerCount, toMemberJson } from './members.js';

/**
 * A signed-in customer accepts an invitation sent to their own e-mail and moves to that account in its role.
 * Deliveries they booked before stay billed to their old account (its owners keep seeing them; so do they, as
 * the booker). The last owner of an account that has other people on it cannot leave it (409 LAST_OWNER): they
 * make someone else owner first. An old account left empty stays, with its deliveries and invoices.
 */
export async function acceptInvitation(services: Services, actor: Actor, input: TAcceptInvitationRequest) {
  if (!mayAcceptAccountInvitation(actor)) throw forbidden('Only a customer can join a customer account');
  const now = services.clock.now();
  const data = await services.db.transaction(async (tx) => {
    const row = await findPendingInvitation(tx, input.token, now, true);
    if (!row) throw invitationInvalid();
    const { invitation } = row;
    const [me] = await tx.select().from(users).where(eq(users.id, actor.id));
    if (!me || me.email.toLowerCase() !== invitation.email) throw conflict(ACCOUNT_MESSAGES.invitationOtherEmail);
    if (me.accountId === invitation.accountId) throw conflict(ACCOUNT_MESSAGES.alreadyMember);
    const oldAccountId = me.accountId;
    // Both accounts locked, in id order, so two moves between the same two accounts cannot deadlock.
    for (const id of [oldAccountId, invitation.accountId].filter((x): x is string => !!x).sort()) await lockAccount(tx, id);
    if (
      oldAccountId &&
      me.accountRole === 'owner' &&
      (await ownerCount(tx, oldAccountId)) <= 1 &&
      (await memberCount(tx, oldAccountId)) > 1
    ) {
      throw lastOwner();
    }
    const [moved] = await tx
      .update(users)
      .set({ accountId: invitation.accountId, accountRole: invitation.role, updatedAt: now })
      .where(eq(users.id, me.id))
      .returning();
    await tx.update(accountInvitations).set({ acceptedAt: now, acceptedBy: me.id }).where(eq(accountInvitations.id, invitation.id));
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'account.member.join',
        targetType: 'user',
        targetId: me.id,
        ip: actor.ip,
        details: {
          invitationId: invitation.id,
          before: { accountId: oldAccountId, role: me.accountRole },
          after: { accountId: invitation.accountId, role: invitation.role },
        },
      },
      now,
    );
    return { account: { _id: invitation.accountId, name: row.accountName }, member: toMemberJson(moved) };
  });
  return { success: true as const, message: `You joined ${data.account.name}`, data };
}
