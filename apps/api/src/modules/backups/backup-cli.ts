import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { DataDirInUseError } from '../../db/data-dir-lock.js';
import { openDatabaseFromEnv } from '../../db/open-from-env.js';
import { parseEnv, type TEnv } from '../../env.js';
import { backupArchiveTime } from '../../platform/backup-names.js';
import { exitOnStartupError } from '../../startup-error.js';
import { takeBackup } from './take-backup.js';

const SERVER_WAIT_MS = 10 * 60_000;

/** The embedded database is held by a running server: it takes the backup itself on SIGUSR2; wait for the archive. */
async function askServer(env: TEnv, pid: number): Promise<string> {
  const since = Date.now() - 1000;
  process.kill(pid, 'SIGUSR2');
  console.log(`The server (process ${pid}) holds the database; it is taking the backup...`);
  while (Date.now() - since < SERVER_WAIT_MS) {
    await new Promise((r) => setTimeout(r, 500));
    const names = await readdir(env.BACKUP_DIR).catch(() => [] as string[]);
    const made = names.find((n) => (backupArchiveTime(n)?.getTime() ?? 0) >= since);
    if (made) return join(env.BACKUP_DIR, made);
  }
  throw new Error(`No archive appeared in ${env.BACKUP_DIR} within 10 minutes: read the server's log`);
}

/** `npm run backup`: one archive in BACKUP_DIR (the server's own when it holds the embedded database). */
const root = resolve(import.meta.dirname, '../../../../..');
if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));
let env: TEnv | undefined;
try {
  env = parseEnv();
  let archive: string;
  try {
    const database = await openDatabaseFromEnv(env);
    try {
      const result = await takeBackup({
        database,
        dataDir: env.DATA_DIR,
        backupDir: env.BACKUP_DIR,
        keep: env.BACKUP_KEEP,
        at: new Date(),
      });
      const rows = Object.values(result.manifest.tables).reduce((a, b) => a + b, 0);
      console.log(`${Object.keys(result.manifest.tables).length} tables (${rows} rows), ${result.manifest.files.length} files`);
      for (const old of result.removed) console.log(`removed ${old} (BACKUP_KEEP=${env.BACKUP_KEEP})`);
      archive = result.archive;
    } finally {
      await database.close();
    }
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    archive = await askServer(env, err.pid);
  }
  console.log(`backup written: ${resolve(archive)}`);
} catch (err) {
  exitOnStartupError(err, env);
}
