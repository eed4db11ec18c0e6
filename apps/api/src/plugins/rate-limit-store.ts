import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rateLimitCounters } from '../db/schema/index.js';

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/** Expired counters are swept on about one call in this many, so the table holds live windows only. */
const SWEEP_EVERY = 500;

/**
 * @fastify/rate-limit's store over the database, for when there is no Redis: counters (fixed windows, like its
 * Redis store) outlive a restart and are shared by every process on one PostgreSQL. One upsert per call.
 */
export function databaseRateLimitStore(db: Db) {
  let calls = 0;
  return class DatabaseRateLimitStore {
    constructor(
      _globalParams?: unknown,
      private readonly prefix = 'rl:',
    ) {}

    incr(key: string, cb: Callback, timeWindow: number): void {
      const now = Date.now();
      const fresh = new Date(now + timeWindow);
      const expired = sql`${rateLimitCounters.expiresAt} <= ${new Date(now)}`;
      db.insert(rateLimitCounters)
        .values({ key: this.prefix + key, hits: 1, expiresAt: fresh })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            hits: sql`case when ${expired} then 1 else ${rateLimitCounters.hits} + 1 end`,
            expiresAt: sql`case when ${expired} then ${fresh} else ${rateLimitCounters.expiresAt} end`,
          },
        })
        .returning({ hits: rateLimitCounters.hits, expiresAt: rateLimitCounters.expiresAt })
        .then(([row]) => {
          cb(null, { current: row.hits, ttl: Math.max(0, row.expiresAt.getTime() - now) });
          if (++calls % SWEEP_EVERY === 0)
            void db
              .delete(rateLimitCounters)
              .where(lt(rateLimitCounters.expiresAt, new Date(now)))
              .catch(() => {});
        }, cb);
    }

    /** Each route counts on its own, as with the Redis store (the plugin passes the route as routeInfo). */
    child(routeOptions: object) {
      const { routeInfo } = routeOptions as { routeInfo: { method: string | string[]; url: string } };
      return new DatabaseRateLimitStore(undefined, `${this.prefix}${routeInfo.method}${routeInfo.url}-`);
    }
  };
}
