import { join } from 'node:path';
import type { TEnv } from '../env.js';
import { type Database, openDatabase } from './client.js';

/** The database the server would use: PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR. */
export function openDatabaseFromEnv(env: TEnv): Promise<Database> {
  return openDatabase({ url: env.DATABASE_URL, dataDir: join(env.DATA_DIR, 'pglite') });
}
