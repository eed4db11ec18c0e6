import { ROLE_IDS, type TRegisterRequest, type TMessageResponse } from '@courier/contract';
import { and, count, eq, gt } from 'drizzle-orm';
import { openCustomerAccount } from '../accounts/open-customer-account.js';
import { auditEvents, users } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { enqueueEmail } from '../../platform/outbox.js';
import type { Anonymous } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { signupAttemptMessage, verifyEmailMessage } from './auth-emails.js';
import { AUTH_POLICY } from '../../platform/auth-policy.js';
import { newAccount } from './new-account.js';
import { issueLink } from './claim-link.js';
import { hashPassword } from '../../platform/passwords.js';

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/**
 * Someone signed up with the e-mail of an existing account: the caller answers exactly as for a new one, and
 * the owner (not the caller) learns of it, with a sign-in and a reset link, at most once per quarter hour.
 */
async function tellOwnerOfSignupAttempt(services: Services, email: string, ip: string): Promise<void> {
  const { db, clock, publicUrl } = services;
  const now = clock.now();
  const sent = await db.transaction(async (tx) => {
    const [owner] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
    if (!owner || owner.isDeleted) return false;
    const [recent] = await tx
      .select({ n: count() })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.targetId, owner.id),
          eq(auditEvents.action, SIGNUP_ATTEMPT_AUDIT),
          gt(auditEvents.createdAt, new Date(now.getTime() - AUTH_POLICY.signupNoticeCooldownMs)),
        ),
      );
    await recordAudit(tx, { actorId: null, action: SIGNUP_ATTEMPT_AUDIT, targetType: 'user', targetId: owner.id, ip }, now);
    if ((recent?.n ?? 0) > 0) return false;
    const links = { signIn: `${publicUrl}/auth/login`, reset: `${publicUrl}/auth/request-password` };
    await enqueueEmail(tx, signupAttemptMessage(owner.email, owner.firstName, links), now);
    return true;
  });
  if (sent) services.outbox.kick();
}

export const SIGNUP_ATTEMPT_AUDIT = 'account.signup_with_existing_email';
export const REGISTERED = 'Account created. Please check your email to verify your account.';
/** New address or known one, the caller reads the same words. */
const REGISTERED_RESPONSE = { success: true as const, message: REGISTERED };

/**
 * Self sign-up: always a CUSTOMER whatever roleId was sent, e-mail unverified until the link
 * (single use, 24 h) is followed. An e-mail that already has an account gets the same answer and the same
 * argon2 work, so sign-up never tells whether an address is registered.
 */
export async function registerCustomer(services: Services, caller: Anonymous, input: TRegisterRequest): Promise<TMessageResponse> {
  const { ip } = caller;
  const { db, clock, publicUrl } = services;
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  const passwordHash = await hashPassword(input.password);
  if (existing) {
    await tellOwnerOfSignupAttempt(services, input.email, ip);
    return REGISTERED_RESPONSE;
  }
  const now = clock.now();
  try {
    await db.transaction(async (tx) => {
      // The sign-up opens the organisation's account with this person as its owner.
      const account = await openCustomerAccount(tx, input, now);
      const [user] = await tx
        .insert(users)
        .values({
          ...newAccount(input, passwordHash, ROLE_IDS.CUSTOMER, now),
          address: input.address,
          accountType: input.accountType,
          organisation: input.organisation ?? '',
          accountId: account.id,
          accountRole: 'owner',
        })
        .returning({ id: users.id });
      const token = await issueLink(tx, user.id, 'verify_email', AUTH_POLICY.verifyEmailTtlMs, now);
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
      const href = `${publicUrl}/auth/verify-email?token=${encodeURIComponent(token)}`;
      await enqueueEmail(tx, verifyEmailMessage(input.email, input.firstName, href), now);
    });
  } catch (err) {
    // Two sign-ups with one e-mail at once: the unique index decides, the loser is an attempt on an existing account.
    if (!isUniqueViolation(err)) throw err;
    await tellOwnerOfSignupAttempt(services, input.email, ip);
    return REGISTERED_RESPONSE;
  }
  services.outbox.kick();
  return REGISTERED_RESPONSE;
}
