import { randomUUID } from 'node:crypto';
import { roleFromId } from '@courier/contract';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { refreshTokens } from '../../db/schema/index.js';
import { publishLiveEvent } from '../../platform/live-events.js';
import { signAccessToken } from '../../platform/access-token.js';
import { AUTH_POLICY } from '../../platform/auth-policy.js';
import { newOpaqueToken } from '../../platform/one-time-secrets.js';

export interface SessionTokens {
  token: string;
  refreshToken: string;
}

/**
 * A fresh access token and refresh token; `familyId` continues a session (rotation), absent starts one.
 * The refresh token is returned once and stored only as its hash.
 */
export async function issueSession(
  tx: DbOrTx,
  jwtKey: Uint8Array,
  user: { id: string; roleId: string },
  now: Date,
  familyId: string = randomUUID(),
): Promise<SessionTokens> {
  const refresh = newOpaqueToken();
  await tx.insert(refreshTokens).values({
    userId: user.id,
    familyId,
    tokenHash: refresh.hash,
    expiresAt: new Date(now.getTime() + AUTH_POLICY.refreshTokenTtlMs),
    createdAt: now,
  });
  const token = await signAccessToken(jwtKey, { sub: user.id, role: roleFromId(user.roleId) ?? 'CUSTOMER', sid: familyId }, now);
  return { token, refreshToken: refresh.token };
}

/** Tells every process that an account changed (signed out, disabled, role changed): its open live streams end. */
export const announceAccountChange = (tx: DbOrTx, userId: string) => publishLiveEvent(tx, { type: 'account.changed', userIds: [userId] });

/** Ends every session of a user, or every one but `exceptFamilyId` (the caller's own). */
export async function revokeSessions(tx: DbOrTx, userId: string, now: Date, exceptFamilyId?: string): Promise<void> {
  await announceAccountChange(tx, userId);
  await tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        exceptFamilyId ? ne(refreshTokens.familyId, exceptFamilyId) : undefined,
      ),
    );
}

export async function revokeFamily(tx: DbOrTx, familyId: string, now: Date): Promise<void> {
  const ended = await tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .returning({ userId: refreshTokens.userId });
  for (const userId of new Set(ended.map((r) => r.userId))) await announceAccountChange(tx, userId);
}
