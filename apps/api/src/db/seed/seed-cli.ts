import { parseEnv } from '../../env.js';
import { ensureRoles } from '../bootstrap.js';
import { openDatabaseFromEnv } from '../open-from-env.js';
import { seedDemo } from './demo.js';

/** `npm run seed`: demo accounts and deliveries, printed once. */
const database = await openDatabaseFromEnv(parseEnv());
await database.migrate();
await ensureRoles(database.db);
const accounts = await seedDemo(database.db);
await database.close();
console.log('Demo accounts (password policy: 8+ chars, upper case, number, one of !@#$%^&):');
for (const a of accounts) console.log(`  ${a.role.padEnd(12)} ${a.email.padEnd(32)} ${a.password}`);
console.log('  DRIVER       driver2@medcourier.example       Driver#Courier2026');
console.log('Waiting: 3 requests to approve, 2 to assign, 5 jobs on the demo driver, 2 on the second driver.');
