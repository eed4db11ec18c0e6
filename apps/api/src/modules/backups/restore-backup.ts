import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { asc, sql } from 'drizzle-orm';
import pg from 'pg';
import * as tar from 'tar';
import { type Database, openDatabase } from '../../db/client.js';
import { deliveries, deliveryEvents } from '../../db/schema/index.js';
import { verifyCustodyChain } from '../deliveries/custody.js';
import { type BackupManifest, countTables, DATABASE_FILE, FILES_DIR, MANIFEST, sha256Of } from './backup-archive.js';

const run = promisify(execFile);

export class RestoreRefused extends Error {}

export interface RestoreTarget {
  /** The DATA_DIR to restore into: empty or absent (the stored files go here, and PGlite's data too). */
  dataDir: string;
  /** An empty PostgreSQL database, for an archive of a PostgreSQL dump. */
  databaseUrl?: string;
}

export interface RestoreReport {
  createdAt: string;
  kind: 'pglite' | 'postgres';
  tables: Record<string, number>;
  files: number;
  deliveries: number;
  custodyEvents: number;
}

async function isEmptyDir(dir: string): Promise<boolean> {
  const entries = await readdir(dir).catch((err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? [] : Promise.reject(err)));
  return entries.length === 0;
}

async function hasTables(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    );
    return rows[0].n > 0;
  } finally {
    await client.end();
  }
}

/**
 * Every delivery's custody chain, read in order and recomputed, and ending at the delivery's status (as the custody
 * screen checks); throws naming the first delivery that fails.
 */
async function verifyEveryChain(database: Database): Promise<{ deliveries: number; custodyEvents: number }> {
  const events = await database.db.select().from(deliveryEvents).orderBy(asc(deliveryEvents.deliveryId), asc(deliveryEvents.seq));
  const byDelivery = new Map<string, (typeof events)[number][]>();
  for (const e of events) byDelivery.set(e.deliveryId, [...(byDelivery.get(e.deliveryId) ?? []), e]);
  const rows = await database.db.select({ id: deliveries.id, status: deliveries.status }).from(deliveries);
  for (const d of rows) {
    const chain = byDelivery.get(d.id) ?? [];
    const { valid, brokenAtSeq } = verifyCustodyChain(chain);
    if (!valid) throw new Error(`The custody chain of delivery ${d.id} does not verify at event ${brokenAtSeq}`);
    if (chain.at(-1)?.status !== d.status) throw new Error(`The custody chain of delivery ${d.id} does not end at its status ${d.status}`);
  }
  return { deliveries: rows.length, custodyEvents: events.length };
}

/**
 * Restores an archive into an empty place, refusing any other: checks every checksum first, loads the dump, copies
 * the files, then verifies that each table holds the rows the manifest counted and that every custody chain verifies.
 */
export async function restoreBackup(archive: string, target: RestoreTarget): Promise<RestoreReport> {
  if (!(await isEmptyDir(target.dataDir))) throw new RestoreRefused(`${target.dataDir} is not empty: restore into an empty data directory`);
  const work = await mkdtemp(join(tmpdir(), 'courier-restore-'));
  try {
    await tar.x({ file: archive, cwd: work });
    const manifest = JSON.parse(await readFile(join(work, MANIFEST), 'utf8')) as BackupManifest;
    if (manifest.format !== 1) throw new Error(`Unknown archive format ${manifest.format}`);
    const dumpPath = join(work, DATABASE_FILE[manifest.database.kind]);
    if ((await sha256Of(dumpPath)).sha256 !== manifest.database.sha256) throw new Error('The database dump does not match its checksum');
    for (const file of manifest.files) {
      if ((await sha256Of(join(work, FILES_DIR, file.path))).sha256 !== file.sha256)
        throw new Error(`${file.path} does not match its checksum`);
    }

    let database: Database;
    if (manifest.database.kind === 'postgres') {
      if (!target.databaseUrl) throw new RestoreRefused('This archive holds a PostgreSQL dump: give an empty database (DATABASE_URL)');
      if (await hasTables(target.databaseUrl)) throw new RestoreRefused('The target database is not empty: restore into an empty database');
      await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${target.databaseUrl}`, dumpPath]);
      database = await openDatabase({ url: target.databaseUrl });
    } else {
      if (target.databaseUrl) throw new RestoreRefused('This archive holds an embedded (PGlite) database: restore it without DATABASE_URL');
      const dump = new Blob([new Uint8Array(await readFile(dumpPath))]);
      database = await openDatabase({ dataDir: join(target.dataDir, 'pglite'), loadDataDir: dump });
    }
    try {
      if (manifest.files.length > 0) await cp(join(work, FILES_DIR), join(target.dataDir, FILES_DIR), { recursive: true });
      for (const file of manifest.files) {
        if ((await sha256Of(join(target.dataDir, FILES_DIR, file.path))).sha256 !== file.sha256)
          throw new Error(`${file.path} was not restored intact`);
      }
      const tables = await countTables(async (text) => (await database.db.execute(sql.raw(text))).rows as Record<string, unknown>[]);
      for (const [table, rows] of Object.entries(manifest.tables)) {
        if (tables[table] !== rows) throw new Error(`Table ${table} holds ${tables[table] ?? 0} rows; the backup counted ${rows}`);
      }
      const chains = await verifyEveryChain(database);
      return { createdAt: manifest.createdAt, kind: manifest.database.kind, tables, files: manifest.files.length, ...chains };
    } finally {
      await database.close();
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
