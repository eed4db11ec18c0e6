import { parseEnv, type TEnv } from '../../env.js';
import { exitOnStartupError } from '../../startup-error.js';
import { ensureRoles } from '../bootstrap.js';
import { openDatabaseFromEnv } from '../open-from-env.js';
import { createFileStorage } from '../../platform/storage.js';
import { seedDemo } from './demo.js';

/** `npm run seed`: demo accounts and deliveries, printed once. */
let env: TEnv | undefined;
try {
  env = parseEnv();
  const database = await openDatabaseFromEnv(env);
  let accounts: Awaited<ReturnType<typeof seedDemo>>;
  try {
    await database.migrate();
    await ensureRoles(database.db);
    accounts = await seedDemo(database.db, new Date(), createFileStorage(env.DATA_DIR));
  } finally {
    await database.close();
  }
  console.log('Demo accounts (password policy: 8+ chars, upper case, number, one of !@#$%^&):');
  for (const a of accounts) console.log(`  ${a.role.padEnd(12)} ${a.email.padEnd(32)} ${a.password}`);
  console.log('  DRIVER       driver2@medcourier.example       Driver#Courier2026');
  console.log('Waiting: 3 requests to approve, 2 to assign, 5 jobs on the demo driver, 4 on the second driver (one on hold).');
  console.log('Also: a STAT specimen, cold chain, a controlled medication, a lab rejection, proofs, a standing order, a planned day.');
} catch (err) {
  exitOnStartupError(err, env);
}
