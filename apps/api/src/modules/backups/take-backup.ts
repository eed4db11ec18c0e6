import { execFile } from 'node:child_process';
import { copyFile, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as tar from 'tar';
import { type Database, openDatabase } from '../../db/client.js';
import { backupArchiveName, isBackupArchive } from '../../platform/backup-names.js';
import { type BackupManifest, countTables, DATABASE_FILE, FILES_DIR, listFiles, MANIFEST, sha256Of } from './backup-archive.js';

const run = promisify(execFile);

export interface BackupInput {
  database: Database;
  /** DATA_DIR: its files/ folder goes into the archive. */
  dataDir: string;
  backupDir: string;
  /** How many archives to keep (the oldest beyond it are removed). */
  keep: number;
  at: Date;
}

export interface BackupResult {
  archive: string;
  manifest: BackupManifest;
  removed: string[];
}

/** PostgreSQL: rows counted and pg_dump run in one exported snapshot, so the manifest describes exactly the dump. */
async function dumpPostgres(url: string, out: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const tables = await countTables(async (text) => (await client.query(text)).rows);
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--snapshot=${rows[0].snapshot}`,
      `--file=${out}`,
      `--dbname=${url}`,
    ]);
    await client.query('COMMIT');
    return tables;
  } finally {
    await client.end().catch(() => {});
  }
}

/** PGlite: its data directory dumped between two queries; rows counted in a copy opened from that very dump. */
async function dumpPglite(database: Database, out: string): Promise<Record<string, number>> {
  if (!database.dumpDataDir) throw new Error('this database cannot dump its data directory');
  const dump = await database.dumpDataDir();
  await writeFile(out, Buffer.from(await dump.arrayBuffer()));
  const copy = await openDatabase({ loadDataDir: dump });
  try {
    return await countTables(async (text) => (await copy.db.execute(sql.raw(text))).rows as Record<string, unknown>[]);
  } finally {
    await copy.close();
  }
}

/**
 * One archive in backupDir: the database dump, then the stored files (files are only ever added, so every file a
 * dumped row names is there), and a manifest of row counts and checksums. Written under a temporary name and renamed
 * when complete; archives beyond `keep` are removed, oldest first.
 */
export async function takeBackup(input: BackupInput): Promise<BackupResult> {
  const name = backupArchiveName(input.at);
  const staging = join(input.backupDir, `.${name}.staging`);
  await rm(staging, { recursive: true, force: true });
  await mkdir(join(staging, FILES_DIR), { recursive: true });
  try {
    const kind = input.database.kind;
    const dumpFile = DATABASE_FILE[kind];
    const dumpPath = join(staging, dumpFile);
    const tables =
      kind === 'postgres' && input.database.url
        ? await dumpPostgres(input.database.url, dumpPath)
        : await dumpPglite(input.database, dumpPath);
    const filesRoot = join(input.dataDir, FILES_DIR);
    const files: BackupManifest['files'] = [];
    for (const path of await listFiles(filesRoot)) {
      const target = join(staging, FILES_DIR, path);
      await mkdir(dirname(target), { recursive: true });
      await copyFile(join(filesRoot, path), target);
      files.push({ path, ...(await sha256Of(target)) });
    }
    const manifest: BackupManifest = {
      format: 1,
      createdAt: input.at.toISOString(),
      database: { kind, file: dumpFile, ...(await sha256Of(dumpPath)) },
      tables,
      files,
    };
    await writeFile(join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const archive = join(input.backupDir, name);
    await tar.c({ file: `${archive}.partial`, cwd: staging, portable: true }, [MANIFEST, dumpFile, FILES_DIR]);
    await rename(`${archive}.partial`, archive);
    const removed = await keepNewest(input.backupDir, input.keep);
    return { archive, manifest, removed };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Removes all but the newest `keep` archives (names sort by the time they were taken). */
async function keepNewest(dir: string, keep: number): Promise<string[]> {
  const archives = (await readdir(dir)).filter(isBackupArchive).sort();
  const old = archives.slice(0, Math.max(0, archives.length - keep));
  for (const name of old) await rm(join(dir, name), { force: true });
  return old;
}
