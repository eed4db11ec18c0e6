// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The folder rules live in .dependency-cruiser.cjs (run by `npm run lint`), the toast rule in biome.json; this runs
// the real tools on probe files.
const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const src = join(repo, 'apps/web/src');
const probes = `zz-boundary-probe-${process.pid}`;
const made: string[] = [];

/** A probe file in `relativeDir` (in a folder of its own, or at the folder's root with `atRoot`). */
function probeFile(relativeDir: string, source: string, atRoot = false, name = 'probe.ts'): string {
  const dir = atRoot ? join(src, relativeDir) : join(src, relativeDir, probes);
  mkdirSync(dir, { recursive: true });
  const file = atRoot ? join(dir, `${probes}.ts`) : join(dir, name);
  made.push(atRoot ? file : dir);
  writeFileSync(file, `${source}\nexport const probe = 1;\n`);
  return file;
}

function run(tool: string, args: string[]): string {
  try {
    execFileSync(join(repo, 'node_modules/.bin', tool), args, { cwd: repo, stdio: 'pipe' });
    return '';
  } catch (error) {
    return String((error as { stdout?: Buffer }).stdout ?? '') + String((error as { stderr?: Buffer }).stderr ?? '');
  }
}

/** dependency-cruiser's findings on the probe's own imports. */
const lint = (relativeDir: string, source: string, atRoot = false) =>
  run('depcruise', ['--max-depth', '1', probeFile(relativeDir, source, atRoot)]);
const biome = (relativeDir: string, source: string) =>
  // Probe folders are gitignored (lint run beside the tests must not see them), so this one asks Biome to look.
  run('biome', ['lint', '--vcs-use-ignore-file=false', '--only=style/noRestrictedImports', probeFile(relativeDir, source)]);

afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('import boundaries of the web app', () => {
  it('stops a feature importing another feature or app/', { timeout: 90_000 }, () => {
    expect(lint('features/tracking', "import '@/features/dashboard/api/get-dashboard';")).toContain('web-feature-imports-no-other-feature');
    expect(lint('features/tracking', "import '@/app/router';")).toContain('web-feature-imports-no-app');
    expect(lint('features/tracking', "import '../../dashboard/api/get-dashboard';")).toContain('web-feature-imports-no-other-feature');
    // A file at the feature's root is one step from the other features.
    expect(lint('features/tracking', "import '../dashboard/api/get-dashboard';", true)).toContain('web-feature-imports-no-other-feature');
  });

  it('keeps react-toastify behind lib/toast, so it stays out of the first page', { timeout: 90_000 }, () => {
    expect(biome('features/tracking', "import { toast } from 'react-toastify';")).toContain('noRestrictedImports');
  });

  it('stops shared folders importing a feature or app/', { timeout: 90_000 }, () => {
    expect(lint('lib', "import '@/features/auth/api/login';")).toContain('web-shared-imports-no-feature-or-app');
    expect(lint('components', "import '@/app/provider';")).toContain('web-shared-imports-no-feature-or-app');
    expect(lint('domain/deliveries', "import '@/features/dashboard/api/get-dashboard';")).toContain('web-shared-imports-no-feature-or-app');
  });

  it('stops the generic shared folders importing the domain folder', { timeout: 90_000 }, () => {
    expect(lint('lib', "import '@/domain/deliveries/api/get-my-deliveries';")).toContain('web-generic-imports-no-domain');
    expect(lint('components/ui', "import '@/domain/deliveries/components/delivery-row';")).toContain('web-generic-imports-no-domain');
  });

  it('lets a feature import itself and the shared folders', { timeout: 90_000 }, () => {
    expect(
      lint(
        'features/tracking',
        "import '../api/get-tracking';\nimport '@/lib/api-client';\nimport '@/components/ui/modal';\nimport '@/domain/tracking/api/get-order-details';",
      ),
    ).toBe('');
  });

  it('stops the web importing the API: it reaches it over HTTP, what both need is in packages/contract', { timeout: 90_000 }, () => {
    expect(lint('lib', "import '../../../../api/src/env.js';")).toContain('app-imports-no-other-app');
  });

  it('stops a circle of imports', { timeout: 90_000 }, () => {
    const a = probeFile('lib', "import './circle-b';", false, 'circle-a.ts');
    const b = probeFile('lib', "import './circle-a';", false, 'circle-b.ts');
    // Both files, followed: with one level only, the way back is never seen.
    expect(run('depcruise', [a, b])).toContain('no-circular');
  });
});
