import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pino from 'pino';
import { DataDirInUseError } from '../../db/data-dir-lock.js';
import { openDatabaseFromEnv } from '../../db/open-from-env.js';
import { parseEnv, type TEnv } from '../../env.js';
import { systemClock } from '../../platform/clock.js';
import { loggerOptions } from '../../platform/logger.js';
import { noMetrics } from '../../platform/metrics.js';
import { createFileStorage } from '../../platform/storage.js';
import { exitOnStartupError } from '../../startup-error.js';
import { applyRetention } from './apply-retention.js';

/** `npm run retention`: the nightly retention run, now, against the server's database and files. */
const root = resolve(import.meta.dirname, '../../../../..');
if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));
let env: TEnv | undefined;
try {
  env = parseEnv();
  if (!env.RETENTION_PERSONAL_DAYS && !env.RETENTION_RECORDS_YEARS)
    console.log('Neither RETENTION_PERSONAL_DAYS nor RETENTION_RECORDS_YEARS is set: nothing is removed; the run is still recorded.');
  const database = await openDatabaseFromEnv(env).catch((err: unknown) => {
    if (err instanceof DataDirInUseError)
      throw new Error(
        `The server (process ${err.pid}) holds the embedded database and runs retention nightly; stop it to run retention now`,
      );
    throw err;
  });
  try {
    await database.migrate();
    const report = await applyRetention({
      db: database.db,
      env,
      clock: systemClock,
      storage: createFileStorage(env.DATA_DIR),
      log: pino(loggerOptions('warn')),
      metrics: noMetrics,
    });
    for (const [what, count] of Object.entries(report)) console.log(`${what}: ${count}`);
    console.log('retention applied');
  } finally {
    await database.close();
  }
} catch (err) {
  exitOnStartupError(err, env);
}
