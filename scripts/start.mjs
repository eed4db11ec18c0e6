#!/usr/bin/env node
// `npm start`: build the web app and the API when their output is missing or stale, then run the compiled
// server in this very process, so the process a supervisor signals is the server. Settings come from the
// environment and from a .env file at the repository root; NODE_ENV is production unless set.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

// Variables already set in the environment win over the file.
const envFile = join(root, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);
process.env.NODE_ENV ||= 'production';

// A web app served from elsewhere (WEB_DIST) or not at all (SERVE_WEB=false) is not ours to build.
const servesBuiltWeb = !process.env.WEB_DIST && process.env.SERVE_WEB !== 'false';
const builds = [
  servesBuiltWeb && {
    name: 'web app',
    output: 'apps/web/dist/index.html',
    inputs: ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contract/src'],
    workspace: '@courier/web',
  },
  {
    name: 'API',
    output: 'apps/api/dist/main.js',
    inputs: ['apps/api/src', 'apps/api/build.mjs', 'apps/api/package.json', 'packages/contract/src'],
    workspace: '@courier/api',
  },
].filter(Boolean);

/** The newest modification time under a file or folder (node_modules and dist skipped), 0 if absent. */
function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestChange(join(path, entry.name)));
  }
  return newest;
}

function isStale({ output, inputs }) {
  if (!existsSync(join(root, inputs[0]))) return false; // an install without sources runs what it has
  if (!existsSync(join(root, output))) return true;
  const built = statSync(join(root, output)).mtimeMs;
  return inputs.some((input) => newestChange(join(root, input)) > built);
}

for (const target of builds) {
  if (!isStale(target)) continue;
  console.log(`Building the ${target.name} (${dirname(target.output)} is missing or older than its sources)...`);
  // A child that ends before the server starts: nothing of it outlives this step.
  // The web build lists every file it writes; here only its warnings and errors are worth a screen.
  const quiet = target.workspace === '@courier/web' ? ['--', '--logLevel', 'warn'] : [];
  const build = spawnSync(npm, ['run', 'build', '-w', target.workspace, ...quiet], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (build.status === 0) continue;
  if (!existsSync(join(root, target.output))) {
    console.error(`The ${target.name} failed to build; fix the error above (\`npm run build\` shows it again).`);
    process.exit(build.status ?? 1);
  }
  console.warn(`The ${target.name} failed to build; running the previous build in ${dirname(target.output)}.`);
}

// Under `npm start` the server lives exactly as long as npm: if npm is killed outright (no signal to forward),
// this process is re-parented and stops gracefully instead of serving on with nobody to stop it.
if (process.env.npm_lifecycle_event === 'start') {
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    process.kill(process.pid, 'SIGTERM');
  }, 500).unref();
}

process.setSourceMapsEnabled(true);
// Tracing starts before the server's modules load, so its PostgreSQL and Redis calls are traced too.
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) await import(pathToFileURL(join(root, 'apps/api/dist/tracing.js')).href);
// The server's main module reads the environment, migrates the database, listens and handles SIGTERM/SIGINT.
await import(pathToFileURL(join(root, 'apps/api/dist/main.js')).href);
