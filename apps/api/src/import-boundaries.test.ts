import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The module rules live in .dependency-cruiser.cjs (run by `npm run lint`); this runs it on probe files.
const repo = fileURLToPath(new URL('../../../', import.meta.url));
const probes = `zz-boundary-probe-${process.pid}`;
const made: string[] = [];

/** dependency-cruiser's findings on probe files (name to source) in a folder of their own under `dir` (from the repository root). */
function lintFiles(dir: string, files: Record<string, string>): string {
  const probeDir = join(repo, dir, probes);
  mkdirSync(probeDir, { recursive: true });
  made.push(probeDir);
  const paths = Object.entries(files).map(([name, source]) => {
    const file = join(probeDir, name);
    writeFileSync(file, `${source}\nexport const probe = 1;\n`);
    return file;
  });
  try {
    // One file: its own imports are enough. Several (a circle): follow them, or the way back is never seen.
    const depth = paths.length === 1 ? ['--max-depth', '1'] : [];
    execFileSync(join(repo, 'node_modules/.bin/depcruise'), [...depth, ...paths], { cwd: repo, stdio: 'pipe' });
    return '';
  } catch (error) {
    return String((error as { stdout?: Buffer }).stdout ?? '') + String((error as { stderr?: Buffer }).stderr ?? '');
  }
}

/** One probe file in `relativeDir` of apps/api/src. */
const lint = (relativeDir: string, source: string) => lintFiles(join('apps/api/src', relativeDir), { 'probe.ts': source });

afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('import boundaries of the API', () => {
  it('stops a module importing a module it does not list (which could close a circle)', { timeout: 90_000 }, () => {
    expect(lint('modules/messages', "import '../../deliveries/move-delivery.js';")).toContain('api-module-messages');
    expect(lint('modules/notifications', "import '../../messages/send-delivery-messages.js';")).toContain('api-module-notifications');
  });

  it('stops platform/, plugins/ and shared/ importing a module', { timeout: 90_000 }, () => {
    expect(lint('platform', "import '../../modules/auth/sessions.js';")).toContain('api-lower-layers-import-no-module');
    expect(lint('plugins', "import '../../modules/api-keys/create-api-key.js';")).toContain('api-lower-layers-import-no-module');
    expect(lint('shared', "import '../../modules/deliveries/move-delivery.js';")).toContain('api-lower-layers-import-no-module');
  });

  it('lets a module import what it lists, shared/ and platform/', { timeout: 90_000 }, () => {
    expect(
      lint(
        'modules/deliveries',
        "import '../../messages/send-delivery-messages.js';\nimport '../../../shared/paging.js';\nimport '../../../platform/policy.js';",
      ),
    ).toBe('');
  });

  it('keeps route-plans to the modules it lists', { timeout: 90_000 }, () => {
    expect(lint('modules/route-plans', "import '../../messages/send-delivery-messages.js';")).toContain('api-module-route-plans');
  });

  it('lets the seed import modules/deliveries (custody chain, order ids) and no other module', { timeout: 90_000 }, () => {
    expect(lint('db/seed', "import '../../../modules/messages/send-delivery-messages.js';")).toContain('api-seed-imports-only-deliveries');
    expect(lint('db/seed', "import '../../../modules/deliveries/custody.js';")).toBe('');
  });

  it('stops a circle of imports, type-only ones included', { timeout: 90_000 }, () => {
    const circle = { 'a.ts': "import type { probe } from './b.js';\nexport type P = typeof probe;", 'b.ts': "import './a.js';" };
    expect(lintFiles('apps/api/src/shared', circle)).toContain('no-circular');
  });

  it('stops the API importing the web app', { timeout: 90_000 }, () => {
    expect(lint('shared', "import '../../../../web/src/config/paths';")).toContain('app-imports-no-other-app');
  });
});

describe('import boundaries of the packages', () => {
  it('stops a package importing an app', { timeout: 90_000 }, () => {
    expect(lintFiles('packages/contract/src', { 'probe.ts': "import '../../../../apps/api/src/env.js';" })).toContain(
      'package-imports-no-app',
    );
  });

  it('keeps the planner pure: no I/O, no other package, no circle, and its file-reading command line imported by none', {
    timeout: 90_000,
  }, () => {
    const found = lintFiles('packages/planner/src', {
      'node-fs.ts': "import { readFileSync } from 'node:fs';",
      'node-net.ts': "import 'node:net';",
      'pg.ts': "import pg from 'pg';\nexport const client = pg.Client;",
      'contract.ts': "import '@courier/contract';",
      'cli.ts': "import '../plan-solomon.js';",
      'circle-a.ts': "import './circle-b.js';",
      'circle-b.ts': "import './circle-a.js';",
      'own.ts': "import '../solve.js';",
    });
    // "error <rule>: <from> → ..." per finding; the probes' own file names say which probe broke which rule.
    const broken = [...found.matchAll(/error (\S+): \S+\/(\S+\.ts)/g)].map(([, rule, file]) => `${file} ${rule}`).sort();
    expect(broken.filter((line) => !line.startsWith('circle-'))).toEqual([
      'cli.ts planner-imports-no-cli',
      'contract.ts planner-is-pure',
      'node-fs.ts planner-is-pure',
      'node-net.ts planner-is-pure',
      'pg.ts planner-is-pure',
    ]);
    expect(broken.filter((line) => line.startsWith('circle-'))).toContainEqual(expect.stringMatching(/^circle-[ab]\.ts no-circular$/));
  });
});
