import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** What an archive holds, written as manifest.json beside the dump and the files. */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: { kind: 'pglite' | 'postgres'; file: string; sha256: string; bytes: number };
  /** Rows per table of the public schema, counted in the dump's own snapshot. */
  tables: Record<string, number>;
  /** Every stored file (photos, signatures, labels), relative to DATA_DIR/files. */
  files: { path: string; bytes: number; sha256: string }[];
}

export const MANIFEST = 'manifest.json';
export const FILES_DIR = 'files';
export const DATABASE_FILE = { pglite: 'database.pglite.tar.gz', postgres: 'database.pgdump' } as const;

export async function sha256Of(path: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** Every file under dir, as paths relative to it (none when it does not exist). */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile() && !e.name.startsWith('.write-probe-'))
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

/** The public schema's tables and their row counts, through whatever runs a query in the wanted snapshot. */
export async function countTables(query: (text: string) => Promise<Record<string, unknown>[]>): Promise<Record<string, number>> {
  const tables = await query(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const table = String(name);
    const [row] = await query(`select count(*)::int as n from public."${table.replaceAll('"', '""')}"`);
    counts[table] = Number(row?.n);
  }
  return counts;
}
