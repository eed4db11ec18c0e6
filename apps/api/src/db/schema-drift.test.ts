import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../locations.js';
import { openTestDatabase } from '../test/test-app.js';
import type { Database, DbOrTx } from './client.js';
import * as schema from './schema/index.js';

/**
 * The Drizzle schema is the source; the SQL files must build exactly it. One empty database is migrated by the
 * SQL files, another gets the DDL drizzle-kit writes for the schema, and their catalogs are compared.
 */

/** What a Drizzle schema cannot declare, so only the migrations make it. Anything else only in SQL is drift. */
const SQL_ONLY = [
  // The weekly counts (customer_delivery_counts) and the pickup/delivery milestones are kept by triggers.
  'only in the migrations: function customer_delivery_counts_on_delete',
  'only in the migrations: function customer_delivery_counts_on_insert',
  'only in the migrations: function customer_delivery_counts_on_update',
  'only in the migrations: function deliveries_milestone_on_event',
  'only in the migrations: trigger deliveries.deliveries_count_deletes',
  'only in the migrations: trigger deliveries.deliveries_count_inserts',
  'only in the migrations: trigger deliveries.deliveries_count_updates',
  'only in the migrations: trigger delivery_events.delivery_events_milestones',
];

type Catalog = Map<string, string>;

const RELATION_KINDS: Record<string, string> = {
  r: 'table',
  p: 'partitioned table',
  v: 'view',
  m: 'materialized view',
  S: 'sequence',
  f: 'foreign table',
};

async function rows(db: DbOrTx, query: string): Promise<Record<string, unknown>[]> {
  const result = (await db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

/** Every object of the public schema, keyed by kind and name, described by what PostgreSQL itself prints. */
async function catalogOf(db: DbOrTx): Promise<Catalog> {
  const catalog: Catalog = new Map();
  const add = (key: string, description = '') => catalog.set(key, description);
  const ownedByExtension = (oid: string) => `not exists (select 1 from pg_depend d where d.objid = ${oid} and d.deptype = 'e')`;
  for (const r of await rows(
    db,
    `select relname, relkind from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p', 'v', 'm', 'S', 'f')`,
  )) {
    add(`relation ${r.relname}`, RELATION_KINDS[String(r.relkind)]);
  }
  for (const r of await rows(
    db,
    `select c.relname, a.attname, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull, a.attgenerated, a.attidentity,
       pg_get_expr(d.adbin, d.adrelid) as def
     from pg_attribute a join pg_class c on c.oid = a.attrelid left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped`,
  )) {
    const generated = r.attgenerated ? ` generated(${r.attgenerated}) as ${r.def}` : '';
    const def = !r.attgenerated && r.def !== null ? ` default ${r.def}` : '';
    const identity = r.attidentity ? ` identity(${r.attidentity})` : '';
    add(`column ${r.relname}.${r.attname}`, `${r.type}${r.attnotnull ? ' not null' : ' null'}${def}${generated}${identity}`);
  }
  for (const r of await rows(
    db,
    `select c.relname, k.conname, pg_get_constraintdef(k.oid) as def from pg_constraint k join pg_class c on c.oid = k.conrelid
     where c.relnamespace = 'public'::regnamespace`,
  )) {
    add(`constraint ${r.relname}.${r.conname}`, String(r.def));
  }
  for (const r of await rows(
    db,
    `select t.relname as tbl, i.relname as idx, pg_get_indexdef(x.indexrelid) as def
     from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
     where t.relnamespace = 'public'::regnamespace`,
  )) {
    add(`index ${r.tbl}.${r.idx}`, String(r.def));
  }
  for (const r of await rows(
    db,
    `select t.typname, string_agg(e.enumlabel, ',' order by e.enumsortorder) as labels from pg_type t join pg_enum e on e.enumtypid = t.oid
     where t.typnamespace = 'public'::regnamespace group by t.typname`,
  )) {
    add(`enum ${r.typname}`, String(r.labels));
  }
  for (const r of await rows(db, `select extname from pg_extension where extname <> 'plpgsql'`)) add(`extension ${r.extname}`);
  for (const r of await rows(
    db,
    `select p.proname from pg_proc p where p.pronamespace = 'public'::regnamespace and ${ownedByExtension('p.oid')}`,
  )) {
    add(`function ${r.proname}`);
  }
  for (const r of await rows(
    db,
    `select c.relname, g.tgname from pg_trigger g join pg_class c on c.oid = g.tgrelid
     where not g.tgisinternal and c.relnamespace = 'public'::regnamespace`,
  )) {
    add(`trigger ${r.relname}.${r.tgname}`);
  }
  return catalog;
}

/** One line per difference, sorted: what only one side has, and what both have but describe differently. */
function differences(migrated: Catalog, declared: Catalog): string[] {
  const lines: string[] = [];
  for (const [key, description] of migrated) {
    if (!declared.has(key)) lines.push(`only in the migrations: ${key}${description ? ` (${description})` : ''}`);
    else if (declared.get(key) !== description)
      lines.push(`differs: ${key}: migrations say "${description}", schema says "${declared.get(key)}"`);
  }
  for (const [key, description] of declared) {
    if (!migrated.has(key)) lines.push(`only in the schema: ${key}${description ? ` (${description})` : ''}`);
  }
  return lines.sort();
}

/** The DDL drizzle-kit writes for the whole schema on an empty database (what `db:generate` would start from). */
async function schemaDdl(): Promise<string[]> {
  return generateMigration(generateDrizzleJson({}), generateDrizzleJson(schema));
}

let migrated: Database;
let declared: Database;

beforeAll(async () => {
  migrated = await openTestDatabase();
  await migrated.migrate();
  declared = await openTestDatabase();
  // The schema's trigram index needs the extension, which a Drizzle schema cannot declare.
  await declared.db.execute(sql.raw('create extension if not exists pg_trgm'));
  for (const statement of await schemaDdl()) await declared.db.execute(sql.raw(statement));
});

afterAll(async () => {
  await migrated?.close();
  await declared?.close();
});

describe('the SQL migrations and the Drizzle schema', () => {
  it('build the same tables, columns, types, defaults, indexes and constraints', async () => {
    const found = differences(await catalogOf(migrated.db), await catalogOf(declared.db));
    expect(
      found.filter((line) => !SQL_ONLY.includes(line)),
      'change the schema to match, or write the migration from it with npm run db:generate',
    ).toEqual([]);
  });

  it('differ by the declared SQL-only objects (triggers and their functions), all of which the migrations make', async () => {
    const found = differences(await catalogOf(migrated.db), await catalogOf(declared.db));
    expect(found.filter((line) => SQL_ONLY.includes(line))).toEqual(SQL_ONLY);
  });

  it('probe: a column added only in SQL is found', async () => {
    let found: string[] = [];
    // Added inside a transaction that is rolled back, so the other tests see the migrated database as it was.
    await expect(
      migrated.db.transaction(async (tx) => {
        await tx.execute(sql.raw('alter table deliveries add column probe_only_in_sql text'));
        found = differences(await catalogOf(tx), await catalogOf(declared.db));
        tx.rollback();
      }),
    ).rejects.toThrow();
    // What the first test checks: the one column, nothing else.
    expect(found.filter((line) => !SQL_ONLY.includes(line))).toEqual([
      'only in the migrations: column deliveries.probe_only_in_sql (text null)',
    ]);
  });
});

describe('the newest snapshot in migrations/meta', () => {
  it('is the schema, so `npm run db:generate` on this tree writes no migration', async () => {
    const meta = join(MIGRATIONS_DIR, 'meta');
    const newest = readdirSync(meta)
      .filter((name) => name.endsWith('_snapshot.json'))
      .sort()
      .at(-1);
    expect(newest, 'a snapshot in migrations/meta').toBeDefined();
    const snapshot = JSON.parse(readFileSync(join(meta, newest as string), 'utf8'));
    const pending = await generateMigration(snapshot, generateDrizzleJson(schema));
    expect(pending, `migrations/meta/${newest} is stale: run npm run db:snapshot`).toEqual([]);
  });
});
