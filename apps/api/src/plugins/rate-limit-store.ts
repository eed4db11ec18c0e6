import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/** A counter as this process knows it: the shared total at its last write, plus hits not yet written. */
interface Window {
  shared: number;
  unwritten: number;
  /** Hits in the batch on its way to the database. */
  writing: number;
  expiresAt: number;
}

/** Hits are written at most this long after they are counted. */
const WRITE_BEHIND_MS = 100;
/** Windows kept in memory (and read at start); beyond this, written ones are dropped. */
const MAX_WINDOWS = 100_000;
/** Expired windows leave memory on about one write in this many. */
const PRUNE_EVERY = 10;
/** Expired rows are swept from the table on about one write in this many. */
const SWEEP_EVERY = 200;

interface Row {
  key: string;
  hits: number;
  expires_at: Date | string;
}

/**
 * @fastify/rate-limit's store over the database, for when there is no Redis. Counters are fixed windows (like its
 * Redis store), shared by every process on one database and kept across a restart.
 *
 * Why not one upsert per call: that write was half of public tracking's cost. The live windows are read once at
 * start; each call then answers from memory, and the hits are written behind in one multi-row upsert whose answer
 * brings back the other processes' counts. Within a process the count is exact; across processes a window can
 * overshoot by what the others counted since this one last wrote (about WRITE_BEHIND_MS).
 */
export class RateLimitCounters {
  private readonly windows = new Map<string, Window>();
  /** Keys with hits to write, so a write never walks every window. */
  private readonly dirty = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private writes = 0;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly onError: (err: Error) => void = () => {},
  ) {}

  /** Reads the windows still running (a restart keeps what the previous process counted). */
  async load(): Promise<void> {
    const now = Date.now();
    const result = await this.db.execute(
      sql`select key, hits, expires_at from rate_limit_counters where expires_at > ${new Date(now)}::timestamptz order by hits desc limit ${MAX_WINDOWS}`,
    );
    for (const row of (result as unknown as { rows: Row[] }).rows) {
      this.windows.set(row.key, { shared: row.hits, unwritten: 0, writing: 0, expiresAt: new Date(row.expires_at).getTime() });
    }
  }

  incr(key: string, timeWindow: number): { current: number; ttl: number } {
    const now = Date.now();
    let w = this.windows.get(key);
    if (!w) {
      w = { shared: 0, unwritten: 0, writing: 0, expiresAt: now + timeWindow };
      this.windows.set(key, w);
    } else if (w.expiresAt <= now) {
      // The window ran out; the database starts the next one too when this hit is written.
      w.shared = 0;
      w.expiresAt = now + timeWindow;
    }
    w.unwritten += 1;
    this.dirty.add(key);
    this.schedule();
    return { current: w.shared + w.writing + w.unwritten, ttl: Math.max(0, w.expiresAt - now) };
  }

  /** Writes every hit still in memory and stops writing behind (at close, so a restart sees every hit). */
  async flush(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    for (let attempt = 0; attempt < 3; attempt++) {
      if (this.writing) await this.writing;
      if (this.dirty.size === 0) return;
      await this.write();
    }
  }

  private schedule(): void {
    if (this.timer || this.writing || this.closed) return; // a write in flight schedules the next
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.write();
    }, WRITE_BEHIND_MS);
  }

  private write(): Promise<void> {
    const batch: [string, Window][] = [];
    for (const key of this.dirty) {
      const w = this.windows.get(key);
      if (w && w.unwritten > 0) batch.push([key, w]);
    }
    this.dirty.clear();
    if (batch.length === 0) return Promise.resolve();
    for (const [, w] of batch) {
      w.writing = w.unwritten;
      w.unwritten = 0;
    }
    this.writing = this.upsert(batch, Date.now())
      .then(
        (rows) => this.settle(batch, rows),
        (err: Error) => {
          // Kept for the next write; meanwhile each process still counts its own hits.
          for (const [key, w] of batch) {
            w.unwritten += w.writing;
            w.writing = 0;
            this.dirty.add(key);
          }
          this.onError(err);
        },
      )
      .finally(() => {
        this.writing = undefined;
        if (this.writes % PRUNE_EVERY === 0) this.prune();
        if (this.dirty.size > 0) this.schedule();
      });
    return this.writing;
  }

  private async upsert(batch: [string, Window][], now: number): Promise<Row[]> {
    // One JSON parameter, whatever the batch size: cheap to build, one plan.
    const rows = batch.map(([key, w]) => ({ key, hits: w.writing, expires_at: new Date(Math.max(w.expiresAt, now + 1)).toISOString() }));
    const values = sql`select * from json_to_recordset(${JSON.stringify(rows)}::json) as b(key text, hits int, expires_at timestamptz)`;
    const expired = sql`rate_limit_counters.expires_at <= ${new Date(now)}::timestamptz`;
    const result = await this.db.execute(sql`
      insert into rate_limit_counters (key, hits, expires_at) ${values}
      on conflict (key) do update set
        hits = case when ${expired} then excluded.hits else rate_limit_counters.hits + excluded.hits end,
        expires_at = case when ${expired} then excluded.expires_at else rate_limit_counters.expires_at end
      returning key, hits, expires_at`);
    if (++this.writes % SWEEP_EVERY === 0) {
      void this.db.execute(sql`delete from rate_limit_counters where expires_at < ${new Date(now)}::timestamptz`).catch(() => {});
    }
    return (result as unknown as { rows: Row[] }).rows;
  }

  /** The database's totals include every process's hits: they replace what this one knew. */
  private settle(batch: [string, Window][], rows: Row[]): void {
    const byKey = new Map(rows.map((r) => [r.key, r]));
    for (const [key, w] of batch) {
      // Cleared with the totals in one step, so no call in between counts the batch twice.
      w.writing = 0;
      const row = byKey.get(key);
      if (!row) continue;
      w.shared = row.hits;
      w.expiresAt = new Date(row.expires_at).getTime();
    }
  }

  /** Drops expired windows with nothing to write, and the first-seen written ones beyond MAX_WINDOWS. */
  private prune(): void {
    const now = Date.now();
    let excess = this.windows.size - MAX_WINDOWS;
    for (const [key, w] of this.windows) {
      const idle = w.unwritten === 0 && w.writing === 0;
      if (idle && (w.expiresAt <= now || excess > 0)) {
        this.windows.delete(key);
        excess -= 1;
      }
    }
  }
}

/** The store class @fastify/rate-limit instantiates, over one set of counters per app. */
export function databaseRateLimitStore(counters: RateLimitCounters) {
  return class DatabaseRateLimitStore {
    constructor(
      _globalParams?: unknown,
      private readonly prefix = 'rl:',
    ) {}

    incr(key: string, cb: Callback, timeWindow: number): void {
      cb(null, counters.incr(this.prefix + key, timeWindow));
    }

    /** Each route counts on its own, as with the Redis store (the plugin passes the route as routeInfo). */
    child(routeOptions: object) {
      const { routeInfo } = routeOptions as { routeInfo: { method: string | string[]; url: string } };
      return new DatabaseRateLimitStore(undefined, `${this.prefix}${routeInfo.method}${routeInfo.url}-`);
    }
  };
}
