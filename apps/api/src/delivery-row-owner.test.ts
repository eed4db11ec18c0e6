import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

// The deliveries table has one writer, modules/deliveries: every other place calls a named function of it, which
// writes the row with its custody event, audit row, messages and live event. Tests and their kits set up state.
const src = fileURLToPath(new URL('./', import.meta.url));
const OWNER = `modules${sep}deliveries${sep}`;
const TESTS = /(\.test\.ts|-test-kit\.ts|test-support\.ts)$/;
const RAW_WRITE = /\b(update|delete\s+from)\s+"?deliveries"?(\s|$)/i;

/** Lines of `source` that update or delete rows of the deliveries table (Drizzle calls or raw SQL). */
function deliveryWrites(source: string): number[] {
  const file = ts.createSourceFile('probe.ts', source, ts.ScriptTarget.Latest, true);
  // Local names of the schema's `deliveries` table, aliases included.
  const names = new Set<string>();
  for (const s of file.statements) {
    if (!ts.isImportDeclaration(s) || !s.importClause?.namedBindings || !ts.isNamedImports(s.importClause.namedBindings)) continue;
    for (const e of s.importClause.namedBindings.elements) if ((e.propertyName ?? e.name).text === 'deliveries') names.add(e.name.text);
  }
  const isTable = (n: ts.Node) =>
    (ts.isIdentifier(n) && names.has(n.text)) || (ts.isPropertyAccessExpression(n) && n.name.text === 'deliveries');
  const lines: number[] = [];
  const at = (n: ts.Node) => lines.push(file.getLineAndCharacterOfPosition(n.getStart()).line + 1);
  const visit = (n: ts.Node) => {
    if (
      ts.isCallExpression(n) &&
      ts.isPropertyAccessExpression(n.expression) &&
      ['update', 'delete'].includes(n.expression.name.text) &&
      n.arguments.length > 0 &&
      isTable(n.arguments[0])
    )
      at(n);
    if ((ts.isTemplateLiteral(n) || ts.isStringLiteral(n)) && RAW_WRITE.test(n.getText())) at(n);
    ts.forEachChild(n, visit);
  };
  visit(file);
  return lines;
}

/** Every write to the deliveries table in the API's source outside its owner, as `path:line`. */
function writesOutsideOwner(root: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || TESTS.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const rel = relative(root, path);
    if (rel.startsWith(OWNER)) continue;
    for (const line of deliveryWrites(readFileSync(path, 'utf8'))) found.push(`${rel}:${line}`);
  }
  return found;
}

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('the delivery row has one owner', () => {
  it('finds no update or delete of the deliveries table outside modules/deliveries', () => {
    expect(writesOutsideOwner(src)).toEqual([]);
  });

  it('bites on a Drizzle update or delete of the table, aliased or through the schema, and on raw SQL', () => {
    expect(
      deliveryWrites("import { deliveries } from '../../db/schema/index.js';\nawait tx.update(deliveries).set({ status: 'x' });"),
    ).toEqual([2]);
    expect(deliveryWrites("import { deliveries as d } from '../../db/schema/index.js';\n\nawait db.delete(d).where(x);")).toEqual([3]);
    expect(deliveryWrites("import * as schema from '../../db/schema/index.js';\nawait tx.update(schema.deliveries).set({});")).toEqual([2]);
    expect(deliveryWrites('await tx.execute(sql`UPDATE deliveries SET hold_since = now()`);')).toEqual([1]);
    expect(deliveryWrites('await tx.execute(\'delete from "deliveries" where id = 1\');')).toEqual([1]);
  });

  it('lets reads of the table and writes of other tables pass', () => {
    const reads = `import { deliveries, routePlans } from '../../db/schema/index.js';
await tx.select().from(deliveries).where(eq(deliveries.id, id)).for('update');
await tx.update(routePlans).set({ appliedAt: now });
await tx.insert(deliveryEvents).values(row);
const words = 'Deliveries update every minute';`;
    expect(deliveryWrites(reads)).toEqual([]);
  });

  it('scans every module folder of the API (a probe write in modules/medical is caught, one in modules/deliveries is not)', () => {
    const write =
      "import { deliveries } from '../../../db/schema/index.js';\nexport const probe = (tx: any) => tx.update(deliveries).set({});\n";
    for (const module of ['medical', 'deliveries']) {
      const dir = join(src, 'modules', module, `zz-owner-probe-${process.pid}`);
      mkdirSync(dir, { recursive: true });
      made.push(dir);
      writeFileSync(join(dir, 'probe.ts'), write);
    }
    expect(writesOutsideOwner(src)).toEqual([join('modules', 'medical', `zz-owner-probe-${process.pid}`, 'probe.ts:2')]);
  });
});
