import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The module rules live in .dependency-cruiser.cjs (run by `npm run lint`); this runs it on probe files.
const repo = fileURLToPath(new URL('../../../', import.meta.url));
const src = join(repo, 'apps/api/src');
const probes = `zz-boundary-probe-${process.pid}`;
const made: string[] = [];

function lint(relativeDir: string, source: string): string {
  const dir = join(src, relativeDir, probes);
  mkdirSync(dir, { recursive: true });
  made.push(dir);
  const file = join(dir, 'probe.ts');
  writeFileSync(file, `${source}\nexport const probe = 1;\n`);
  try {
    execFileSync(join(repo, 'node_modules/.bin/depcruise'), ['--max-depth', '1', file], { cwd: repo, stdio: 'pipe' });
    return '';
  } catch (error) {
    return String((error as { stdout?: Buffer }).stdout ?? '') + String((error as { stderr?: Buffer }).stderr ?? '');
  }
}

afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('import boundaries of the API', () => {
  it('stops a module importing a module it does not list (which could close a circle)', { timeout: 90_000 }, () => {
    expect(lint('modules/messages', "import '../../deliveries/move-delivery.js';")).toContain('api-module-messages');
    expect(lint('modules/notifications', "import '../../messages/send-delivery-messages.js';")).toContain('api-module-notifications');
  });

  it('stops platform/, plugins/ and shared/ importing a module', { timeout: 90_000 }, () => {
    expect(lint('platform', "import '../../modules/auth/passwords.js';")).toContain('api-lower-layers-import-no-module');
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
});
