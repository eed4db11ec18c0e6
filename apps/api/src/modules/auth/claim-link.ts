import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { authTokens } from '../../db/schema/index.js';
import { hashSecret } from './one-time-secrets.js';

/** Spends an e-mailed link of this kind, once: its account's id, or null when unknown, used or expired. */
export async function claimLink(tx: Tx, token: string, kind: (typeof authTokens.$inferSelect)['kind'], now: Date): Promise<string | null> {
  const [claimed] = await tx
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(eq(authTokens.tokenHash, hashSecret(token)), eq(authTokens.kind, kind), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)),
    )
    .returning({ userId: authTokens.userId });
  return claimed?.userId ?? null;
}
