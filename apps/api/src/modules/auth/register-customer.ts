import { ROLE_IDS, type TRegisterRequest } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { authTokens, users } from '../../db/schema/index.js';
import { conflict } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { enqueueEmail } from '../../platform/outbox.js';
import type { Services } from '../../services.js';
import { verifyEmailMessage } from './auth-emails.js';
import { AUTH_POLICY } from './auth-policy.js';
import { newOpaqueToken } from './one-time-secrets.js';
import { hashPassword } from './passwords.js';

export const EMAIL_TAKEN = 'An account with this email already exists. Please sign in or reset your password.';

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/**
 * Self sign-up: always a CUSTOMER whatever roleId was sent, e-mail unverified until the link
 * (single use, 24 h) is followed.
 */
export async function registerCustomer(services: Services, input: TRegisterRequest, ip: string): Promise<void> {
  const { db, clock, publicUrl } = services;
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  if (existing) throw conflict(EMAIL_TAKEN);

  const passwordHash = await hashPassword(input.password);
  const now = clock.now();
  const link = newOpaqueToken();
  try {
    await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
          address: input.address,
          accountType: input.accountType,
          roleId: ROLE_IDS.CUSTOMER,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      await tx.insert(authTokens).values({
        userId: user.id,
        kind: 'verify_email',
        tokenHash: link.hash,
        expiresAt: new Date(now.getTime() + AUTH_POLICY.verifyEmailTtlMs),
        createdAt: now,
      });
      const requestedRoleId = typeof input.roleId === 'string' ? input.roleId.slice(0, 64) : undefined;
      await recordAudit(
        tx,
        {
          actorId: user.id,
          action: 'account.registered',
          targetType: 'user',
          targetId: user.id,
          ip,
          details: requestedRoleId && requestedRoleId !== ROLE_IDS.CUSTOMER ? { ignoredRoleId: requestedRoleId } : {},
        },
        now,
      );
      const href = `${publicUrl}/auth/verify-email?token=${encodeURIComponent(link.token)}`;
      await enqueueEmail(tx, verifyEmailMessage(input.email, input.firstName, href), now);
    });
  } catch (err) {
    // Two sign-ups with one e-mail at once: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN);
    throw err;
  }
  services.outbox.kick();
}
