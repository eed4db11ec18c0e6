import { ACCOUNT_MESSAGES } from '@courier/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { accountInvitations } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, mayManageAccountMembers } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { isUuid } from '../../shared/ids.js';

/** The owner withdraws a pending invitation: its link stops working. Another account's invitation is 404. */
export async function revokeInvitation(services: Services, actor: Actor, input: { id: string }) {
  if (!mayManageAccountMembers(actor) || !actor.account) throw forbidden(ACCOUNT_MESSAGES.ownersOnly);
  if (!isUuid(input.id)) throw notFound(ACCOUNT_MESSAGES.invitationNotFound);
  const accountId = actor.account.id;
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(accountInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(accountInvitations.id, input.id),
          eq(accountInvitations.accountId, accountId),
          isNull(accountInvitations.acceptedAt),
          isNull(accountInvitations.revokedAt),
        ),
      )
      .returning();
    if (!revoked) throw notFound(ACCOUNT_MESSAGES.invitationNotFound);
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'account.member.invitation_revoke',
        targetType: 'customer_account',
        targetId: accountId,
        ip: actor.ip,
        details: {
          before: { invitationId: revoked.id, email: revoked.email, role: revoked.role, status: 'pending' },
          after: { status: 'revoked' },
        },
      },
      now,
    );
  });
  return { success: true as const, message: 'Invitation withdrawn' };
}
