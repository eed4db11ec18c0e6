import { ACCOUNT_MESSAGES, type TAccountInvitationsResponse } from '@courier/contract';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { accountInvitations, users } from '../../db/schema/index.js';
import { forbidden } from '../../platform/app-error.js';
import { type Actor, mayManageAccountMembers } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { fullName, toInvitationJson } from './members.js';

/** The owner's pending invitations (not accepted, revoked or expired), newest first. */
export async function listInvitations(services: Services, actor: Actor): Promise<TAccountInvitationsResponse> {
  if (!mayManageAccountMembers(actor) || !actor.account) throw forbidden(ACCOUNT_MESSAGES.ownersOnly);
  const rows = await services.db
    .select({ invitation: accountInvitations, firstName: users.firstName, lastName: users.lastName })
    .from(accountInvitations)
    .leftJoin(users, eq(users.id, accountInvitations.invitedBy))
    .where(
      and(
        eq(accountInvitations.accountId, actor.account.id),
        isNull(accountInvitations.acceptedAt),
        isNull(accountInvitations.revokedAt),
        gt(accountInvitations.expiresAt, services.clock.now()),
      ),
    )
    .orderBy(desc(accountInvitations.createdAt), desc(accountInvitations.id));
  return {
    success: true,
    data: rows.map((r) =>
      toInvitationJson(
        r.invitation,
        r.firstName !== null && r.lastName !== null ? fullName({ firstName: r.firstName, lastName: r.lastName }) : null,
      ),
    ),
  };
}
