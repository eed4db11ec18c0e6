import type { TEnv } from '../env.js';
import { type Database, openDatabase } from './client.js';

/** The read replica's session name in pg_stat_activity, so an operator (and the routing test) can tell its queries apart. */
export const READ_REPLICA_APPLICATION_NAME = 'courier-read';

/**
 * The pool for reads that tolerate a second of lag, opened on DATABASE_READ_URL; null when unset (those reads
 * then use the primary). It is never migrated or written: a streaming replica refuses writes anyway.
 */
export async function openReadReplica(
  env: Pick<TEnv, 'DATABASE_READ_URL' | 'DATABASE_POOL_MAX'>,
  onPoolError?: (err: Error) => void,
): Promise<Database | null> {
  if (!env.DATABASE_READ_URL) return null;
  return openDatabase({
    url: env.DATABASE_READ_URL,
    poolMax: env.DATABASE_POOL_MAX,
    onPoolError,
    applicationName: READ_REPLICA_APPLICATION_NAME,
  });
}
