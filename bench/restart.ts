/**
 * Part `restart`: how long a restart takes on PostgreSQL, from the process starting (`node apps/api/dist/main.js`,
 * as `npm start` runs it once built) to /readyz answering 200, on the bench's seeded database. Started RUNS times
 * one after the other (the first run also applies no migration: seed.ts ran them); the median is the figure.
 * BENCH_RESTART_PROFILE=dir writes a CPU profile of each start there (node --cpu-prof).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { REPO_ROOT } from '../e2e/fixtures/server.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** One start: milliseconds from spawn to the first 200 from /readyz (and to the first answer of any kind). */
async function oneStart(databaseUrl: string): Promise<{ readyMs: number; listeningMs: number }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'courier-restart-'));
  const profile = process.env.BENCH_RESTART_PROFILE;
  const args = [...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []), '--enable-source-maps', 'apps/api/dist/main.js'];
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      PUBLIC_URL: 'http://courier.bench',
      SERVE_WEB: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  let listeningMs = 0;
  try {
    for (;;) {
      if (exited) throw new Error('the server exited before it was ready');
      if (performance.now() - started > 60_000) throw new Error('the server was not ready within 60 s');
      const res = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
      if (res) {
        await res.arrayBuffer();
        listeningMs ||= performance.now() - started;
        if (res.status === 200) return { readyMs: performance.now() - started, listeningMs };
      }
      await sleep(10);
    }
  } finally {
    await new Promise<void>((resolve) => {
      if (exited) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchRestart(databaseUrl: string, runs = Number(process.env.BENCH_RESTART_RUNS ?? 5)) {
  const starts: { readyMs: number; listeningMs: number }[] = [];
  for (let i = 0; i < runs; i++) starts.push(await oneStart(databaseUrl));
  const sorted = starts.map((s) => s.readyMs).sort((a, b) => a - b);
  return { starts, medianMs: sorted[Math.floor(sorted.length / 2)], minMs: sorted[0], maxMs: sorted.at(-1) ?? 0 };
}
