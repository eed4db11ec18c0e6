import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseEnv, type TEnv } from '../../env.js';
import { exitOnStartupError } from '../../startup-error.js';
import { RestoreRefused, restoreBackup } from './restore-backup.js';

/** `npm run restore -- ARCHIVE`: into the empty DATA_DIR (and the empty DATABASE_URL database for a PostgreSQL dump). */
const root = resolve(import.meta.dirname, '../../../../..');
if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));
const given = process.argv[2];
if (!given) {
  console.error('Usage: npm run restore -- ARCHIVE   (into an empty DATA_DIR, and an empty DATABASE_URL database if set)');
  process.exit(2);
}
let env: TEnv | undefined;
try {
  env = parseEnv();
  const archive = resolve(process.env.INIT_CWD ?? process.cwd(), given);
  const report = await restoreBackup(archive, { dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
  console.log(`Restored ${archive} (taken ${report.createdAt}, ${report.kind}) into ${resolve(env.DATA_DIR)}`);
  for (const [table, rows] of Object.entries(report.tables)) console.log(`  ${table}: ${rows} rows`);
  console.log(`  files: ${report.files}, every checksum matches`);
  console.log(`  custody: ${report.custodyEvents} events of ${report.deliveries} deliveries, every chain verifies`);
} catch (err) {
  if (err instanceof RestoreRefused) {
    console.error(`Restore refused: ${err.message}`);
    process.exit(1);
  }
  exitOnStartupError(err, env);
}
