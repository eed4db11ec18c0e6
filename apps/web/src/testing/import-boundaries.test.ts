// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The folder rule lives in biome.json (overrides + noRestrictedImports); this runs the real linter on probe files.
const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const src = join(repo, 'apps/web/src');
const probes = `zz-boundary-probe-${process.pid}`;
const made: string[] = [];

function lint(relativeDir: string, source: string): string {
  const dir = join(src, relativeDir, probes);
  mkdirSync(dir, { recursive: true });
  made.push(dir);
  const file = join(dir, 'probe.ts');
  writeFileSync(file, `${source}\nexport const probe = 1;\n`);
  try {
    execFileSync(join(repo, 'node_modules/.bin/biome'), ['lint', '--only=style/noRestrictedImports', file], { cwd: repo, stdio: 'pipe' });
    return '';
  } catch (error) {
    return String((error as { stdout?: Buffer }).stdout ?? '') + String((error as { stderr?: Buffer }).stderr ?? '');
  }
}

afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('import boundaries of the web app', () => {
  it('stops a feature importing another feature or app/', { timeout: 30_000 }, () => {
    expect(lint('features/tracking', "import '@/features/dashboard/api/get-dashboard';")).toContain('noRestrictedImports');
    expect(lint('features/tracking', "import '@/app/router';")).toContain('noRestrictedImports');
    expect(lint('features/tracking', "import '../../../dashboard/api/get-dashboard';")).toContain('noRestrictedImports');
  });

  it('keeps react-toastify behind lib/toast, so it stays out of the first page', { timeout: 30_000 }, () => {
    expect(lint('features/tracking', "import { toast } from 'react-toastify';")).toContain('noRestrictedImports');
  });

  it('stops shared folders importing a feature or app/', { timeout: 30_000 }, () => {
    expect(lint('lib', "import '@/features/auth/api/login';")).toContain('noRestrictedImports');
    expect(lint('components', "import '@/app/provider';")).toContain('noRestrictedImports');
  });

  it('lets a feature import itself and the shared folders', { timeout: 30_000 }, () => {
    expect(lint('features/tracking', "import '../api/get-tracking';\nimport '@/lib/api-client';\nimport '@/components/ui/modal';")).toBe(
      '',
    );
  });
});
