#!/usr/bin/env node
// Compiles the API to JavaScript so production runs no TypeScript loader: one ES module, apps/api/dist/main.js
// (with the route planner's worker thread, dist/planner-worker.js, and dist/tracing.js, loaded before main.js
// only when tracing is configured),
// with @courier/contract bundled in (its package points at TypeScript sources) and every other dependency
// left to node_modules. The SQL migrations are copied beside it (see src/locations.ts).
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiDir = dirname(fileURLToPath(import.meta.url));
const outDir = join(apiDir, 'dist');
const { dependencies } = JSON.parse(readFileSync(join(apiDir, 'package.json'), 'utf8'));

rmSync(outDir, { recursive: true, force: true });
await build({
  // The route planner runs on a worker thread of its own (see src/locations.ts); tracing.js starts OpenTelemetry
  // before main.js loads pg and ioredis (scripts/start.mjs, when configured).
  entryPoints: {
    main: join(apiDir, 'src/main.ts'),
    'planner-worker': join(apiDir, 'src/modules/route-plans/planner-task.ts'),
    tracing: join(apiDir, 'src/tracing-preload.ts'),
  },
  outdir: outDir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // Stack traces in the logs point at the TypeScript (start.mjs enables source maps); never served to anyone.
  sourcemap: 'linked',
  external: Object.keys(dependencies).filter((name) => name !== '@courier/contract'),
  logLevel: 'warning',
});
cpSync(join(apiDir, 'src/db/migrations'), join(outDir, 'db/migrations'), { recursive: true });
console.log(`API compiled to ${outDir}`);
