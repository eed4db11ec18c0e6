import { parseEnv, type TEnv } from '../env.js';
import { exitOnStartupError } from '../startup-error.js';
import { ensureRoles } from './bootstrap.js';
import { openDatabaseFromEnv } from './open-from-env.js';

/** `npm run db:migrate`: applies pending migrations (the server also does this at start). */
let env: TEnv | undefined;
try {
  env = parseEnv();
  const database = await openDatabaseFromEnv(env);
  try {
    await database.migrate();
    await ensureRoles(database.db);
  } finally {
    await database.close();
  }
  console.log(`migrations applied (${database.kind})`);
} catch (err) {
  exitOnStartupError(err, env);
}
