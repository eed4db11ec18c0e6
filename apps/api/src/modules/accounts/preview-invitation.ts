import type { TInvitationPreviewResponse } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import type { Anonymous } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { findPendingInvitation, fullName, invitationInvalid } from './members.js';

/**
 * What an invitation link is for, before it is used (public: the link is the credential): the account, the
 * e-mail and role, and whether that e-mail already signs in (then they sign in and accept; else they set a password).
 */
export async function previewInvitation(
  services: Services,
  _caller: Anonymous,
  input: { token: string },
): Promise<TInvitationPreviewResponse> {
  const row = await findPendingInvitation(services.db, input.token, services.clock.now());
  if (!row) throw invitationInvalid();
  const { invitation } = row;
  const [existing] = await services.db.select({ id: users.id }).from(users).where(eq(users.email, invitation.email));
  const [inviter] = invitation.invitedBy
    ? await services.db
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, invitation.invitedBy))
    : [];
  return {
    success: true,
    data: {
      accountName: row.accountName,
      email: invitation.email,
      role: invitation.role,
      invitedBy: inviter ? fullName(inviter) : null,
      expiresAt: invitation.expiresAt.toISOString(),
      existingUser: !!existing,
    },
  };
}
