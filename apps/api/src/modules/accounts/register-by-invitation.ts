import { ROLE_IDS, type TRegisterByInvitationRequest } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { accountInvitations, users } from '../../db/schema/index.js';
import { conflict } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import type { Anonymous } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { hashPassword } from '../../platform/passwords.js';
import { findPendingInvitation, invitationInvalid, lockAccount } from './members.js';

export const INVITATION_REGISTERED = 'Your password is set. Sign in with your e-mail address.';

/**
 * A new person follows an invitation link and sets their name and password: they become a CUSTOMER of that
 * account in the invited role, their e-mail proven by the link (as a staff invitation proves it). The link
 * works once. An e-mail that already signs in is refused here: that person signs in and accepts instead.
 */
export async function registerByInvitation(services: Services, caller: Anonymous, input: TRegisterByInvitationRequest) {
  const now = services.clock.now();
  const passwordHash = await hashPassword(input.password);
  await services.db.transaction(async (tx) => {
    const row = await findPendingInvitation(tx, input.token, now, true);
    if (!row) throw invitationInvalid();
    const { invitation } = row;
    await lockAccount(tx, invitation.accountId);
    const [user] = await tx
      .insert(users)
      .values({
        email: invitation.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        roleId: ROLE_IDS.CUSTOMER,
        emailVerifiedAt: now,
        accountId: invitation.accountId,
        accountRole: invitation.role,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!user) throw conflict('This e-mail already has a MedCourier sign-in: sign in and accept the invitation');
    await tx.update(accountInvitations).set({ acceptedAt: now, acceptedBy: user.id }).where(eq(accountInvitations.id, invitation.id));
    await recordAudit(
      tx,
      {
        actorId: user.id,
        action: 'account.member.join',
        targetType: 'user',
        targetId: user.id,
        ip: caller.ip,
        details: {
          invitationId: invitation.id,
          before: null,
          after: { accountId: invitation.accountId, role: invitation.role },
        },
      },
      now,
    );
  });
  return { success: true as const, message: INVITATION_REGISTERED };
}
