#!/usr/bin/env node
// `npm run dev`: the API under `tsx watch` (port 3000) and the Vite dev server (port 5173, proxying /api to
// 3000) together. Open http://localhost:5173. Ctrl-C or either one exiting stops both.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));

const envFile = join(root, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);
// Links in e-mails should open the dev server, which has the fresh web app.
process.env.PUBLIC_URL ??= 'http://localhost:5173';

const tsxCli = join(dirname(require.resolve('tsx/package.json')), 'dist/cli.mjs');
const viteCli = join(dirname(require.resolve('vite/package.json')), 'bin/vite.js');

// Each child in its own process group: a Ctrl-C reaches it once, through us. stdin is not theirs, because a
// background process group reading the terminal would be stopped.
const children = [
  { name: 'api', args: [tsxCli, 'watch', '--clear-screen=false', 'apps/api/src/main.ts'], cwd: root },
  { name: 'web', args: [viteCli, '--port', '5173'], cwd: join(root, 'apps/web') },
].map(({ name, args, cwd }) => ({
  name,
  process: spawn(process.execPath, args, { cwd, env: process.env, stdio: ['ignore', 'inherit', 'inherit'], detached: true }),
}));

const running = (child) => child.process.pid !== undefined && child.process.exitCode === null && child.process.signalCode === null;
function signalGroup(child, signal) {
  try {
    process.kill(-child.process.pid, signal);
  } catch {
    child.process.kill(signal);
  }
}
let stopping = false;
let exitCode = 0;

function stopAll(signal = 'SIGTERM') {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (running(child)) signalGroup(child, signal);
  // Anything still up after 10 s is killed outright.
  setTimeout(() => {
    for (const child of children) if (running(child)) signalGroup(child, 'SIGKILL');
  }, 10_000).unref();
}

for (const child of children) {
  child.process.on('error', (err) => {
    console.error(`[dev] ${child.name} failed to start: ${err.message}`);
    exitCode = 1;
    stopAll();
    if (children.every((c) => !running(c))) process.exit(exitCode);
  });
  child.process.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[dev] ${child.name} exited (${code ?? signal}); stopping the other one.`);
      exitCode = code || 1;
      stopAll();
    }
    if (children.every((c) => !running(c))) process.exit(exitCode);
  });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopAll(signal === 'SIGINT' ? 'SIGINT' : 'SIGTERM'));
process.on('exit', () => {
  for (const child of children) if (running(child)) signalGroup(child, 'SIGKILL');
});
