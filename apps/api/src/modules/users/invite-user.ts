import { randomBytes } from 'node:crypto';
import {
  INVITABLE_ROLES,
  INVITATION_TTL_HOURS,
  roleFromId,
  statusLabel,
  type TInviteUserRequest,
  type TManagedUserResponse,
} from '@courier/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { badRequest, conflict, forbidden } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { enqueueEmail } from '../../platform/outbox.js';
import { type Actor, assertAudience, mayGrantRole } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { issueLink } from '../auth/claim-link.js';
import { newAccount } from '../auth/new-account.js';
import { hashPassword } from '../../platform/passwords.js';
import { toManagedUser } from './managed-user-json.js';
import { invitationMessage } from './user-emails.js';

export const EMAIL_TAKEN = 'email: An account with this e-mail already exists';

/**
 * An administrator creates a staff or driver account. It gets an unusable password and an invitation
 * whose link (the reset-password page) sets the first one; the link proves the e-mail too.
 */
export async function inviteUser(services: Services, actor: Actor, input: TInviteUserRequest): Promise<TManagedUserResponse> {
  assertAudience(actor, 'admin');
  const role = roleFromId(input.roleId);
  if (!role || !INVITABLE_ROLES.includes(role)) throw badRequest('roleId: Invite staff or drivers; customers sign themselves up', 'roleId');
  if (!mayGrantRole(actor, role)) throw forbidden('You cannot grant a role above your own');
  const { db, clock, publicUrl } = services;
  const now = clock.now();
  // Nobody knows this password: the account is usable only once the invitation link has set one.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const [inviter] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, actor.id));
  const created = await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values(newAccount(input, passwordHash, input.roleId, now))
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!user) throw conflict(EMAIL_TAKEN);
    const token = await issueLink(tx, user.id, 'reset_password', INVITATION_TTL_HOURS * 3_600_000, now);
    // welcome=1: the page greets a new account ("Set your password") instead of speaking of an old one.
    const href = `${publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}&welcome=1`;
    const invitedBy = inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() : 'An administrator';
    await enqueueEmail(tx, invitationMessage(user.email, user.firstName, statusLabel(role), invitedBy, href), now);
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'user.invite',
        targetType: 'user',
        targetId: user.id,
        ip: actor.ip,
        details: { email: user.email, role },
      },
      now,
    );
    return user;
  });
  services.outbox.kick();
  return { success: true, message: 'Invitation sent', data: toManagedUser(created) };
}
