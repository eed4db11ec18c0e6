import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every use case that takes an actor (an exported `fn(services, actor, ...)` of a module) asks platform/policy.ts:
 * its body calls a function imported from the policy, or calls a function of the modules that does (followed
 * through imports, so `readOwnDelivery` -> `readDelivery` -> `findReadableDelivery` -> `mayReadDelivery` counts).
 */

const modulesDir = fileURLToPath(new URL('./modules/', import.meta.url));
const NOT_CODE = /(\.test\.ts|-test-kit\.ts|test-support\.ts)$/;

interface FunctionFacts {
  file: string;
  name: string;
  exported: boolean;
  /** Takes (services, actor, ...): a use case. */
  useCase: boolean;
  asksPolicy: boolean;
  /** Functions it calls, as file#name. */
  calls: string[];
}

function functionsOf(file: string, source: string): FunctionFacts[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.ES2022, true);
  const policyNames = new Set<string>();
  const imported = new Map<string, string>();
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    const spec = st.moduleSpecifier.text;
    const bindings = st.importClause?.namedBindings;
    if (st.importClause?.isTypeOnly || !bindings || !ts.isNamedImports(bindings)) continue;
    for (const el of bindings.elements) {
      if (el.isTypeOnly) continue;
      if (/platform\/policy\.js$/.test(spec)) policyNames.add(el.name.text);
      else if (spec.startsWith('.'))
        imported.set(el.name.text, `${resolve(dirname(file), spec.replace(/\.js$/, '.ts'))}#${(el.propertyName ?? el.name).text}`);
    }
  }
  const out: FunctionFacts[] = [];
  const local = new Set<string>();
  const found: { name: string; exported: boolean; fn: ts.FunctionLikeDeclaration }[] = [];
  for (const st of sf.statements) {
    const exported = !!ts.getModifiers(st as ts.HasModifiers)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (ts.isFunctionDeclaration(st) && st.name) found.push({ name: st.name.text, exported, fn: st });
    if (ts.isVariableStatement(st))
      for (const d of st.declarationList.declarations)
        if (ts.isIdentifier(d.name) && d.initializer && (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer)))
          found.push({ name: d.name.text, exported, fn: d.initializer });
  }
  for (const f of found) local.add(f.name);
  for (const { name, exported, fn } of found) {
    const [first, second] = fn.parameters;
    const useCase =
      exported &&
      !!first?.type &&
      /\bServices\b/.test(first.type.getText(sf)) &&
      !!second &&
      ts.isIdentifier(second.name) &&
      /^_?actor$/.test(second.name.text);
    let asksPolicy = false;
    const calls: string[] = [];
    const walk = (node: ts.Node) => {
      // A call, or a function handed on to be called (`find(db, id, mayRead)`).
      if (ts.isIdentifier(node) && !(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node)) {
        if (policyNames.has(node.text)) asksPolicy = true;
        else if (imported.has(node.text)) calls.push(imported.get(node.text) as string);
        else if (local.has(node.text) && node.text !== name) calls.push(`${file}#${node.text}`);
      }
      ts.forEachChild(node, walk);
    };
    if (fn.body) walk(fn.body);
    out.push({ file, name, exported, useCase, asksPolicy, calls });
  }
  return out;
}

/** The use cases (as file#name) that neither ask the policy nor call anything that does. */
export function useCasesNotAskingPolicy(sources: Map<string, string>): string[] {
  const all = [...sources].flatMap(([file, source]) => functionsOf(file, source));
  const byKey = new Map(all.map((f) => [`${f.file}#${f.name}`, f]));
  const asks = new Set(all.filter((f) => f.asksPolicy).map((f) => `${f.file}#${f.name}`));
  for (let grew = true; grew; ) {
    grew = false;
    for (const [key, f] of byKey)
      if (!asks.has(key) && f.calls.some((c) => asks.has(c))) {
        asks.add(key);
        grew = true;
      }
  }
  return all.filter((f) => f.useCase && !asks.has(`${f.file}#${f.name}`)).map((f) => `${f.file.slice(modulesDir.length)}#${f.name}`);
}

function moduleSources(): Map<string, string> {
  const sources = new Map<string, string>();
  for (const dir of readdirSync(modulesDir)) {
    for (const name of readdirSync(join(modulesDir, dir))) {
      if (!name.endsWith('.ts') || NOT_CODE.test(name)) continue;
      const file = join(modulesDir, dir, name);
      sources.set(file, readFileSync(file, 'utf8'));
    }
  }
  return sources;
}

describe('use cases ask the policy', () => {
  it('finds no use case taking an actor that decides without platform/policy.ts', () => {
    expect(useCasesNotAskingPolicy(moduleSources())).toEqual([]);
  });

  // Probes on made-up modules: the check must bite, and must follow a use case into what it calls.
  const probe = (files: Record<string, string>) =>
    useCasesNotAskingPolicy(new Map(Object.entries(files).map(([name, source]) => [join(modulesDir, 'probe', name), source])));
  const header = "import type { Services } from '../../services.js';\n";

  it('reports a use case that takes an actor and never asks the policy', () => {
    expect(
      probe({
        'ship-parcel.ts': `${header}import type { Actor } from '../../platform/policy.js';\nexport async function shipParcel(services: Services, actor: Actor, input: { id: string }) { return input.id + actor.id; }`,
      }),
    ).toEqual(['probe/ship-parcel.ts#shipParcel']);
  });

  it('accepts one that asks the policy, directly or through a function it calls or hands on', () => {
    expect(
      probe({
        'parcel.queries.ts': `import { mayReadDelivery } from '../../platform/policy.js';\nexport async function findParcel(db: unknown, actor: unknown) { return mayReadDelivery(actor, db); }`,
        'read-parcel.ts': `${header}import { type Actor, assertAudience } from '../../platform/policy.js';\nexport async function readParcel(services: Services, actor: Actor) { assertAudience(actor, 'customer'); }`,
        'show-parcel.ts': `${header}import { findParcel } from './parcel.queries.js';\nexport async function showParcel(services: Services, actor: Actor) { return findParcel(services.db, actor); }`,
        'list-parcels.ts': `${header}import { isStaffActor } from '../../platform/policy.js';\nexport async function listParcels(services: Services, actor: Actor) { return [actor].filter(isStaffActor); }`,
      }),
    ).toEqual([]);
  });

  it('is not fooled by a type-only import of the policy or a same-named function elsewhere', () => {
    expect(
      probe({
        'other.ts': 'export function assertAudience() {}',
        'ship-parcel.ts': `${header}import { type assertAudience } from '../../platform/policy.js';\nimport { assertAudience as check } from './other.js';\nexport async function shipParcel(services: Services, actor: Actor) { check(); }`,
      }),
    ).toEqual(['probe/ship-parcel.ts#shipParcel']);
  });
});
