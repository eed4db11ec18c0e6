import { parseEnv } from '../env.js';
import { ensureRoles } from './bootstrap.js';
import { openDatabaseFromEnv } from './open-from-env.js';

/** `npm run db:migrate`: applies pending migrations (the server also does this at start). */
const database = await openDatabaseFromEnv(parseEnv());
await database.migrate();
await ensureRoles(database.db);
await database.close();
console.log(`migrations applied (${database.kind})`);
