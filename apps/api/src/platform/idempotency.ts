import { createHash } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { AppError, badRequest, conflict } from './app-error.js';
import type { Clock } from './clock.js';

export const KEY_REUSED = 'This Idempotency-Key was already used for a different request';
export const KEY_IN_PROGRESS = 'A request with this Idempotency-Key is still being processed. Try again in a moment.';

/** How long a retry waits for the first request with its key to finish before answering "in progress". */
const WAIT_MS = 15_000;
const POLL_MS = 20;
/** A key claimed this long ago (by the service's clock) whose request never finished (a crash) is taken over. */
const STALE_MS = 60_000;

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** A stable text of the request (object keys sorted, bytes as hex), so equal requests hash equal. */
function canonical(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return { bytes: value.toString('hex') };
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, canonical(v)]),
    );
  return value;
}

/** The fingerprint kept with the key: what it was used for and a hash of the request's body. */
export const requestFingerprint = (scope: string, request: unknown): string =>
  `${scope}#${createHash('sha256')
    .update(JSON.stringify(canonical(request) ?? null))
    .digest('hex')}`;

const reused = () => new AppError('IDEMPOTENCY_KEY_REUSED', KEY_REUSED, { field: 'Idempotency-Key' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a change at most once per (actor, key), and answers every retry of the same request with the first
 * answer. The key is taken first, in its own statement (the primary key lets one request win); a twin with
 * the same key and request waits for the winner to finish and gets its stored answer, or runs itself if
 * the winner failed (a failure is not stored); the same key with another request answers 422.
 * `run` gets a claim to call inside its own transaction: it marks the key applied with the change, so a
 * change commits at most once even if a stalled request's key was taken over.
 */
export async function applyOnce<T extends object>(
  deps: { db: DbOrTx; clock: Clock },
  who: { actorId: string; key: string | undefined; scope: string; request: unknown },
  run: (claim: ((tx: Tx) => Promise<void>) | undefined) => Promise<T>,
): Promise<T> {
  const { key, actorId } = who;
  if (key === undefined) return run(undefined);
  if (key.length < 1 || key.length > 200) throw badRequest('Idempotency-Key must be 1 to 200 characters', 'Idempotency-Key');
  const scope = requestFingerprint(who.scope, who.request);
  const ofKey = and(eq(idempotencyKeys.actorId, actorId), eq(idempotencyKeys.key, key));
  const giveUpAt = Date.now() + WAIT_MS;
  for (;;) {
    const [row] = await deps.db.select().from(idempotencyKeys).where(ofKey).limit(1);
    if (row) {
      if (row.scope !== scope) throw reused();
      if (row.responseBody) return row.responseBody as T;
      const staleBefore = new Date(deps.clock.now().getTime() - STALE_MS);
      if (row.createdAt < staleBefore) {
        await deps.db
          .delete(idempotencyKeys)
          .where(and(ofKey, isNull(idempotencyKeys.responseBody), lt(idempotencyKeys.createdAt, staleBefore)));
        continue;
      }
      if (Date.now() > giveUpAt) throw conflict(KEY_IN_PROGRESS);
      await sleep(POLL_MS);
      continue;
    }
    try {
      await deps.db.insert(idempotencyKeys).values({ actorId, key, scope, createdAt: deps.clock.now() });
    } catch (err) {
      if (isUniqueViolation(err)) continue; // a twin took the key first: wait for its answer
      throw err;
    }
    break;
  }
  const claim = async (tx: Tx) => {
    const [mine] = await tx
      .update(idempotencyKeys)
      .set({ responseStatus: 0 })
      .where(and(ofKey, eq(idempotencyKeys.scope, scope), isNull(idempotencyKeys.responseStatus)))
      .returning({ key: idempotencyKeys.key });
    if (!mine) throw conflict(KEY_IN_PROGRESS);
  };
  let answer: T;
  try {
    answer = await run(claim);
  } catch (err) {
    // Nothing was applied: free the key, so a retry (or a waiting twin) runs the request again.
    await deps.db.delete(idempotencyKeys).where(and(ofKey, isNull(idempotencyKeys.responseStatus)));
    throw err;
  }
  await deps.db
    .update(idempotencyKeys)
    .set({ responseStatus: 200, responseBody: answer as Record<string, unknown> })
    .where(ofKey);
  return answer;
}
