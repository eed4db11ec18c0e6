import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { authTokens } from '../../db/schema/index.js';
import { enqueueEmail } from '../../platform/outbox.js';
import { loginCodeMessage } from './auth-emails.js';
import { AUTH_POLICY } from '../../platform/auth-policy.js';
import { newLoginCode } from '../../platform/one-time-secrets.js';

/**
 * E-mails a new 6-digit sign-in code (10 minutes, 5 tries) in the caller's transaction, replacing any
 * earlier one. Returns false without sending when the last code is under a minute old or five were sent
 * this hour: the earlier code still works then.
 */
export async function issueLoginCode(tx: Tx, user: { id: string; email: string; firstName: string }, now: Date): Promise<boolean> {
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const [last] = await tx
    .select({ createdAt: authTokens.createdAt })
    .from(authTokens)
    .where(and(eq(authTokens.userId, user.id), eq(authTokens.kind, 'login_otp')))
    .orderBy(desc(authTokens.createdAt))
    .limit(1);
  if (last && now.getTime() - last.createdAt.getTime() < AUTH_POLICY.loginCodeCooldownMs) return false;
  const [recent] = await tx
    .select({ n: count() })
    .from(authTokens)
    .where(and(eq(authTokens.userId, user.id), eq(authTokens.kind, 'login_otp'), gt(authTokens.createdAt, hourAgo)));
  if ((recent?.n ?? 0) >= AUTH_POLICY.loginCodesPerHour) return false;

  // Only the newest code counts.
  await tx
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.userId, user.id), eq(authTokens.kind, 'login_otp'), isNull(authTokens.usedAt)));
  const code = newLoginCode();
  await tx.insert(authTokens).values({
    userId: user.id,
    kind: 'login_otp',
    tokenHash: code.hash,
    expiresAt: new Date(now.getTime() + AUTH_POLICY.loginCodeTtlMs),
    createdAt: now,
  });
  await enqueueEmail(tx, loginCodeMessage(user.email, user.firstName, code.code), now);
  return true;
}
