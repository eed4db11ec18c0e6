import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { authTokens } from '../../db/schema/index.js';
import { hashSecret, newOpaqueToken } from '../../platform/one-time-secrets.js';

type LinkKind = (typeof authTokens.$inferSelect)['kind'];

/** Stores a new link of this kind for the account, good for `ttlMs` (only its hash is kept): the secret for the e-mail. */
export async function issueLink(tx: Tx, userId: string, kind: LinkKind, ttlMs: number, now: Date): Promise<string> {
  const link = newOpaqueToken();
  await tx.insert(authTokens).values({ userId, kind, tokenHash: link.hash, expiresAt: new Date(now.getTime() + ttlMs), createdAt: now });
  return link.token;
}

/** Spends an e-mailed link of this kind, once: its account's id, or null when unknown, used or expired. */
export async function claimLink(tx: Tx, token: string, kind: LinkKind, now: Date): Promise<string | null> {
  const [claimed] = await tx
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(eq(authTokens.tokenHash, hashSecret(token)), eq(authTokens.kind, kind), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)),
    )
    .returning({ userId: authTokens.userId });
  return claimed?.userId ?? null;
}
