import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// This file sits at the top of apps/api/src; compiled, its code sits in apps/api/dist/main.js, at the same depth,
// with the migrations copied beside it. So one relative path holds in both.
const here = dirname(fileURLToPath(import.meta.url));

/** The SQL migrations drizzle-kit writes (copied into apps/api/dist by the build). */
export const MIGRATIONS_DIR = join(here, 'db', 'migrations');
/** The built web app, unless WEB_DIST says otherwise. */
export const WEB_DIST = join(here, '..', '..', 'web', 'dist');
/**
 * The route planner's worker thread. From the sources (tsx, vitest) it is the TypeScript module beside its caller;
 * compiled, the build writes it beside main.js (see build.mjs).
 */
export const PLANNER_WORKER = import.meta.url.endsWith('.ts')
  ? join(here, 'modules', 'route-plans', 'planner-task.ts')
  : join(here, 'planner-worker.js');
