import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR as migrationsFolder } from '../locations.js';
import * as schema from './schema/index.js';

/** One type for both drivers: PGlite and node-postgres share Drizzle's pg-core query API. */
export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle, accepted wherever a Db is (use cases take `Db | Tx`). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * LISTEN on a channel: onMessage gets each NOTIFY payload committed by any connection. On PostgreSQL a
   * dedicated connection, reopened after a loss (onReconnect then runs, so the caller can catch up).
   * Resolves to the function that stops listening.
   */
  listen(channel: string, onMessage: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  /** The connection pool now (PostgreSQL); PGlite is one connection in this process and has none. */
  poolStats?(): PoolStats;
  /** PGlite: its whole data directory as a gzipped tarball, taken between two queries (a consistent copy). */
  dumpDataDir?(): Promise<Blob>;
  /** PostgreSQL: the connection URL (for pg_dump). */
  url?: string;
}

export interface PoolStats {
  /** Connections open, in use by a query or transaction, and callers waiting for one. */
  total: number;
  inUse: number;
  waiting: number;
  max: number;
}

export interface DatabaseOptions {
  /** PostgreSQL URL; when absent, PGlite is used. */
  url?: string;
  /** PGlite data directory; omitted means in memory. */
  dataDir?: string;
  onPoolError?: (err: Error) => void;
  /** PostgreSQL pool size (DATABASE_POOL_MAX). */
  poolMax?: number;
  /** PostgreSQL: names the pool's sessions in pg_stat_activity (the read replica's is courier-read). */
  applicationName?: string;
  /** PGlite: start from this dumped data directory (a restore), into an empty dataDir. */
  loadDataDir?: Blob;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.onPoolError, options.poolMax, options.applicationName);
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // pg_trgm backs the customer's delivery search (migration 0005); PostgreSQL has it in contrib.
  const extensions = { pg_trgm };
  const client = options.dataDir
    ? new PGlite(options.dataDir, { extensions, loadDataDir: options.loadDataDir })
    : new PGlite({ extensions, loadDataDir: options.loadDataDir });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    ping: async () => {
      await client.query('select 1');
    },
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
    listen: (channel, onMessage) => client.listen(channel, onMessage),
    dumpDataDir: () => client.dumpDataDir('gzip'),
  };
}

function openPostgres(url: string, onPoolError?: (err: Error) => void, max = 10, applicationName?: string): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30000,
    ...(applicationName ? { application_name: applicationName } : {}),
  });
  // An idle client dying (PostgreSQL restart) must never crash the process; the pool replaces it.
  pool.on('error', (err) => onPoolError?.(err));
  const db = drizzlePg(pool, { schema });
  return {
    kind: 'postgres',
    db,
    ping: async () => {
      await pool.query('select 1');
    },
    migrate: () => migratePg(db, { migrationsFolder }),
    close: () => pool.end(),
    listen: (channel, onMessage, onReconnect) => listenPostgres(url, channel, onMessage, onReconnect, onPoolError),
    url,
    poolStats: () => ({ total: pool.totalCount, inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount, max }),
  };
}

const RELISTEN_MAX_MS = 10_000;

/** A connection of its own (a pooled one would be handed to queries), reopened with backoff while wanted. */
async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onReconnect?: () => void,
  onError?: (err: Error) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;
  const open = async () => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onMessage(n.payload);
    });
    c.on('error', (err) => onError?.(err));
    c.on('end', () => {
      if (client === c && !stopped) reopen(250);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      await c.end().catch(() => {});
      throw err;
    }
    if (stopped) await c.end().catch(() => {});
    else client = c;
  };
  const reopen = (delayMs: number) => {
    client = undefined;
    retryTimer = setTimeout(() => {
      open().then(
        () => onReconnect?.(),
        (err: Error) => {
          onError?.(err);
          if (!stopped) reopen(Math.min(delayMs * 2, RELISTEN_MAX_MS));
        },
      );
    }, delayMs);
    retryTimer.unref();
  };
  await open();
  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    await client?.end().catch(() => {});
  };
}
