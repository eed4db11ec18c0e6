import type { TMessageResponse } from '@courier/contract';
import { and, eq, or } from 'drizzle-orm';
import { refreshTokens } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import type { Anonymous } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { sessionOfAccessToken } from '../../platform/access-token.js';
import { AUTH_POLICY } from '../../platform/auth-policy.js';
import { hashSecret } from '../../platform/one-time-secrets.js';
import { revokeFamily } from './sessions.js';

/** Whatever there was to end, the caller reads the same. */
const SIGNED_OUT = { success: true as const, message: 'Logged out' };

export interface SignOutRequest {
  /** The Bearer token of the request, if any: its session ends whatever the body holds. */
  accessToken?: string;
  refreshToken?: string;
}

/**
 * Ends the session the access token belongs to and the one the refresh token belongs to (usually the same),
 * each with its whole refresh family; a missing, unknown or foreign token is simply nothing to end.
 */
export async function signOut(services: Services, caller: Anonymous, request: SignOutRequest): Promise<TMessageResponse> {
  const { ip } = caller;
  const { db, clock, jwtKey } = services;
  const now = clock.now();
  const claims = request.accessToken
    ? await sessionOfAccessToken(jwtKey, request.accessToken, now, AUTH_POLICY.refreshTokenTtlMs / 1000)
    : null;
  const byAccess = claims?.sid ? and(eq(refreshTokens.familyId, claims.sid), eq(refreshTokens.userId, claims.sub)) : undefined;
  const byRefresh = request.refreshToken ? eq(refreshTokens.tokenHash, hashSecret(request.refreshToken)) : undefined;
  if (!byAccess && !byRefresh) return SIGNED_OUT;
  await db.transaction(async (tx) => {
    const rows = await tx
      .selectDistinctOn([refreshTokens.familyId], { familyId: refreshTokens.familyId, userId: refreshTokens.userId })
      .from(refreshTokens)
      .where(or(byAccess, byRefresh));
    for (const row of rows) {
      await revokeFamily(tx, row.familyId, now);
      await recordAudit(tx, { actorId: row.userId, action: 'auth.logout', targetType: 'user', targetId: row.userId, ip }, now);
    }
  });
  return SIGNED_OUT;
}
