import { join } from 'node:path';
import type { TEnv } from '../env.js';
import { type Database, openDatabase } from './client.js';
import { lockDataDir } from './data-dir-lock.js';

/**
 * The database the server would use: PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR, which
 * one process at a time may open (the server, `npm run seed` and `npm run db:migrate` alike).
 */
export async function openDatabaseFromEnv(env: TEnv, onPoolError?: (err: Error) => void): Promise<Database> {
  if (env.DATABASE_URL) return openDatabase({ url: env.DATABASE_URL, poolMax: env.DATABASE_POOL_MAX, onPoolError });
  const lock = lockDataDir(env.DATA_DIR);
  try {
    const database = await openDatabase({ dataDir: join(env.DATA_DIR, 'pglite') });
    return {
      ...database,
      close: async () => {
        try {
          await database.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}
