import { eq } from 'drizzle-orm';
import { refreshTokens } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import type { Services } from '../../services.js';
import { hashSecret } from './one-time-secrets.js';
import { revokeFamily } from './sessions.js';

/** Ends the session the refresh token belongs to; an unknown or missing token is simply nothing to end. */
export async function signOut(services: Services, refreshToken: string | undefined, ip: string): Promise<void> {
  if (!refreshToken) return;
  const { db, clock } = services;
  const now = clock.now();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashSecret(refreshToken)))
      .limit(1);
    if (!row) return;
    await revokeFamily(tx, row.familyId, now);
    await recordAudit(tx, { actorId: row.userId, action: 'auth.logout', targetType: 'user', targetId: row.userId, ip }, now);
  });
}
