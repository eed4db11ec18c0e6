import { ACCOUNT_MESSAGES, ROLE_IDS, type TInviteMemberRequest, ZInviteMemberRequest } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { conflict, forbidden } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, mayManageAccountMembers } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { fullName, issueInvitation, lockAccount, toInvitationJson } from './members.js';

/**
 * An owner invites someone by e-mail with a role. A new person sets their password through the link; a customer
 * of another account accepts after signing in. Inviting the same e-mail again replaces the pending invitation.
 */
export async function inviteMember(services: Services, actor: Actor, input: TInviteMemberRequest) {
  if (!mayManageAccountMembers(actor) || !actor.account) throw forbidden(ACCOUNT_MESSAGES.ownersOnly);
  const form = ZInviteMemberRequest.parse(input);
  const email = form.email.toLowerCase();
  const accountId = actor.account.id;
  const now = services.clock.now();
  const invitation = await services.db.transaction(async (tx) => {
    const account = await lockAccount(tx, accountId);
    const [me] = await tx.select().from(users).where(eq(users.id, actor.id));
    if (me?.accountId !== accountId || me.accountRole !== 'owner') throw forbidden(ACCOUNT_MESSAGES.ownersOnly);
    const [existing] = await tx.select({ accountId: users.accountId, roleId: users.roleId }).from(users).where(eq(users.email, email));
    if (existing && existing.roleId !== ROLE_IDS.CUSTOMER) throw conflict(ACCOUNT_MESSAGES.notCustomer);
    if (existing?.accountId === accountId) throw conflict(ACCOUNT_MESSAGES.alreadyMember);
    const inviter = { id: me.id, name: fullName(me) };
    const row = await issueInvitation(
      tx,
      { accountId, accountName: account.name, email, role: form.role, invitedBy: inviter },
      services.publicUrl,
      now,
    );
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'account.member.invite',
        targetType: 'customer_account',
        targetId: accountId,
        ip: actor.ip,
        details: { before: null, after: { invitationId: row.id, email, role: form.role } },
      },
      now,
    );
    return toInvitationJson(row, inviter.name);
  });
  services.outbox.kick();
  return { success: true as const, message: 'Invitation sent', data: invitation };
}
