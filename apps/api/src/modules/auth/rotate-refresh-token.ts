import { AUTH_ERRORS, type TRefreshResponse } from '@courier/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { refreshTokens, users } from '../../db/schema/index.js';
import { unauthorized } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import type { Anonymous } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { hashSecret } from '../../platform/one-time-secrets.js';
import { issueSession, revokeFamily } from './sessions.js';

/**
 * Exchanges a refresh token for a new pair. The token is claimed with one conditional UPDATE, so of
 * two concurrent uses at most one wins; a token presented after its use means it was copied, and the
 * whole family (that sign-in and all its rotations) is revoked.
 */
export async function rotateRefreshToken(
  services: Services,
  caller: Anonymous,
  input: { refreshToken: string },
): Promise<TRefreshResponse> {
  const { ip } = caller;
  const { refreshToken } = input;
  const { db, clock, jwtKey } = services;
  const now = clock.now();
  const tokenHash = hashSecret(refreshToken);
  const rotated = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, now),
        ),
      )
      .returning();
    if (!claimed) return null;
    const [user] = await tx
      .select({ id: users.id, roleId: users.roleId, isDeleted: users.isDeleted, isDisabled: users.isDisabled })
      .from(users)
      .where(eq(users.id, claimed.userId))
      .limit(1);
    if (!user || user.isDeleted || user.isDisabled) {
      await revokeFamily(tx, claimed.familyId, now);
      return null;
    }
    return issueSession(tx, jwtKey, user, now, claimed.familyId);
  });
  if (rotated) return { success: true as const, ...rotated };

  const [known] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  if (known?.usedAt) {
    await db.transaction(async (tx) => {
      await revokeFamily(tx, known.familyId, now);
      await recordAudit(
        tx,
        {
          actorId: known.userId,
          action: 'auth.refresh_token.reused',
          targetType: 'user',
          targetId: known.userId,
          ip,
          details: { familyId: known.familyId },
        },
        now,
      );
    });
  }
  throw unauthorized(AUTH_ERRORS.invalid);
}
