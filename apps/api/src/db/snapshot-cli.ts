import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateDrizzleJson } from 'drizzle-kit/api';
import { MIGRATIONS_DIR } from '../locations.js';
import * as schema from './schema/index.js';

/**
 * `npm run db:snapshot`: writes the snapshot of the newest migration from the Drizzle schema. `npm run db:generate`
 * diffs the schema against the newest snapshot, so after a migration written by hand (or merged from another
 * branch without one) run this, once schema-drift.test.ts passes (the migrations build the schema).
 */
const meta = join(MIGRATIONS_DIR, 'meta');
const journal = JSON.parse(readFileSync(join(meta, '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
const newest = journal.entries.at(-1);
if (!newest) throw new Error('migrations/meta/_journal.json lists no migration');
const name = `${newest.tag.split('_')[0]}_snapshot.json`;
const path = join(meta, name);
const read = (file: string) => JSON.parse(readFileSync(join(meta, file), 'utf8')) as { id: string; prevId: string };

// Rewriting keeps the snapshot's place in the chain; a new one follows the newest before it.
let id: string = randomUUID();
let prevId: string | undefined;
if (existsSync(path)) {
  ({ id, prevId } = read(name));
} else {
  const before = readdirSync(meta)
    .filter((file) => file.endsWith('_snapshot.json') && file < name)
    .sort()
    .at(-1);
  prevId = before ? read(before).id : undefined;
}
const snapshot = { ...generateDrizzleJson(schema, prevId), id, _meta: { columns: {}, schemas: {}, tables: {} } };
writeFileSync(path, `${JSON.stringify(snapshot, null, 2)}\n`);
console.log(`migrations/meta/${name} now describes the schema (migration ${newest.tag})`);
