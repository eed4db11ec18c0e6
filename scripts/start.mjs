#!/usr/bin/env node
// `npm start`: build the web app when its output is missing or stale, then run the API (which serves it)
// in the foreground. Settings come from the environment and from a .env file at the repository root.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const webIndex = join(root, 'apps/web/dist/index.html');
const webInputs = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contract/src'];

// Variables already set in the environment win over the file.
const envFile = join(root, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);

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

function webBuildIsStale() {
  if (!existsSync(join(root, 'apps/web/src'))) return false;
  if (!existsSync(webIndex)) return true;
  const built = statSync(webIndex).mtimeMs;
  return webInputs.some((input) => newestChange(join(root, input)) > built);
}

if (webBuildIsStale()) {
  console.log('Building the web app (apps/web/dist is missing or older than its sources)...');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build', '-w', '@courier/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    if (!existsSync(webIndex)) {
      console.error('The web app failed to build; fix the error above or run `npm run build` to see it again.');
      process.exit(build.status ?? 1);
    }
    console.warn('The web app failed to build; serving the previous build from apps/web/dist.');
  }
}

// One process: `node --import tsx` is what `tsx` runs, minus its wrapper. It gets its own process group so
// a terminal's Ctrl-C reaches it once, through us (a second signal makes the server skip its graceful close).
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
  cwd: root,
  env: process.env,
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});

let forwarded = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (forwarded) return;
    forwarded = true;
    server.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
  });
}
// Never leave a server behind if this process ends first.
process.on('exit', () => {
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
});
server.on('error', (err) => {
  console.error(`Could not start the server: ${err.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1));
});
