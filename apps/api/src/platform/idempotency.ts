import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { badRequest, conflict } from './app-error.js';
import type { Clock } from './clock.js';

export const KEY_REUSED = 'This Idempotency-Key was already used for a different request';
export const KEY_IN_PROGRESS = 'A request with this Idempotency-Key is still being processed. Try again in a moment.';

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

async function storedAnswer<T>(db: DbOrTx, actorId: string, key: string, scope: string): Promise<T | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.actorId, actorId), eq(idempotencyKeys.key, key)))
    .limit(1);
  if (!row) return null;
  if (row.scope !== scope) throw conflict(KEY_REUSED);
  if (!row.responseBody) throw conflict(KEY_IN_PROGRESS);
  return row.responseBody as T;
}

/**
 * Runs a change at most once per (actor, key). `run` gets a claim to call inside its own transaction, so
 * the key is taken exactly when the change commits; a retry then gets the first answer back. Without a
 * key the change simply runs.
 */
export async function applyOnce<T extends object>(
  deps: { db: DbOrTx; clock: Clock },
  who: { actorId: string; key: string | undefined; scope: string },
  run: (claim: ((tx: Tx) => Promise<void>) | undefined) => Promise<T>,
): Promise<T> {
  const { key, actorId, scope } = who;
  if (key === undefined) return run(undefined);
  if (key.length < 1 || key.length > 200) throw badRequest('Idempotency-Key must be 1 to 200 characters', 'Idempotency-Key');
  const earlier = await storedAnswer<T>(deps.db, actorId, key, scope);
  if (earlier) return earlier;
  const claim = async (tx: Tx) => {
    await tx.insert(idempotencyKeys).values({ actorId, key, scope, createdAt: deps.clock.now() });
  };
  let answer: T;
  try {
    answer = await run(claim);
  } catch (err) {
    // A twin request claimed the key first: its answer (or "in progress") is ours.
    if (isUniqueViolation(err)) {
      const twin = await storedAnswer<T>(deps.db, actorId, key, scope);
      if (twin) return twin;
    }
    throw err;
  }
  await deps.db
    .update(idempotencyKeys)
    .set({ responseStatus: 200, responseBody: answer as Record<string, unknown> })
    .where(and(eq(idempotencyKeys.actorId, actorId), eq(idempotencyKeys.key, key)));
  return answer;
}
