/**
 * Part `restart`: how long a restart takes on PostgreSQL, from the process starting (`node apps/api/dist/main.js`,
 * as `npm start` runs it once built) to /readyz answering 200, on the bench's seeded database. Started RUNS times
 * one after the other (the first run also applies no migration: seed.ts ran them); the median is the figure.
 * BENCH_RESTART_PROFILE=dir writes a CPU profile of each start there (node --cpu-prof); BENCH_RESTART_MAIN=path
 * starts another build (e.g. an older commit's, compiled into a folder beside apps/api/dist) to compare.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { REPO_ROOT } from '../e2e/fixtures/server.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The CPU time a process has used so far (Linux /proc; 0 elsewhere): on a loaded machine a steadier figure than the wall clock. */
function cpuMs(pid: number | undefined): number {
  const stat = `/proc/${pid}/stat`;
  if (!pid || !existsSync(stat)) return 0;
  const fields = readFileSync(stat, 'utf8').split(') ')[1].split(' ');
  // utime and stime, fields 14 and 15 of the whole line, in clock ticks (100 a second on Linux).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

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
export async function oneStart(
  databaseUrl: string,
  main = process.env.BENCH_RESTART_MAIN ?? 'apps/api/dist/main.js',
): Promise<{ readyMs: number; listeningMs: number; cpuMs: number }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'courier-restart-'));
  const profile = process.env.BENCH_RESTART_PROFILE;
  const args = [...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []), '--enable-source-maps', main];
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
        if (res.status === 200) return { readyMs: performance.now() - started, listeningMs, cpuMs: cpuMs(child.pid) };
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
  const starts: { readyMs: number; listeningMs: number; cpuMs: number }[] = [];
  for (let i = 0; i < runs; i++) starts.push(await oneStart(databaseUrl));
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const sorted = starts.map((s) => s.readyMs).sort((a, b) => a - b);
  return { starts, medianMs: median(sorted), minMs: sorted[0], maxMs: sorted.at(-1) ?? 0, medianCpuMs: median(starts.map((s) => s.cpuMs)) };
}
