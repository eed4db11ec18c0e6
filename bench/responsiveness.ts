/**
 * Parts `import` and `plan`: how /healthz and public tracking answer while a CSV import or a 1,000-job route plan
 * runs (issue 32, points 4 and 12). The server (load-server.ts) runs in a process of its own; this one asks
 * /healthz and a tracking page in two loops, each request 10 ms after the last answer and from its own address
 * (behind the trusted proxy, so tracking's per-address limit stays out of it), first with nothing else running
 * (the machine's own figure), then while the work runs.
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { IMPORT_COLUMNS } from '@courier/contract';
import { validDeliveryForm } from '../apps/api/src/modules/deliveries/delivery-test-kit.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Latencies {
  n: number;
  p50: number;
  p99: number;
  max: number;
}

interface LoadServer {
  baseURL: string;
  database: string;
  customerAuth: string;
  warmAuth: string;
  staffAuth: string;
  trackingNumber: string;
  stop(): Promise<void>;
}

/** Starts load-server.ts (LOAD_DATABASE: a PostgreSQL URL, or undefined for PGlite in memory). */
async function startLoadServer(database: string | undefined, jobs = 0): Promise<LoadServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', new URL('./load-server.ts', import.meta.url).pathname], {
    env: { ...process.env, LOAD_DATABASE: database ?? '', LOAD_JOBS: String(jobs) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const info = await new Promise<Omit<LoadServer, 'stop'>>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{"baseURL"'));
      if (line) resolve(JSON.parse(line));
    });
    child.once('exit', (code) => reject(new Error(`load server exited (${code}): ${out.slice(-500)}`)));
  });
  return {
    ...info,
    stop: () =>
      new Promise<void>((resolve) => {
        const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

function summary(latencies: number[]): Latencies {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.max(0, Math.ceil(sorted.length * q) - 1)] ?? 0);
  return { n: sorted.length, p50: at(0.5), p99: at(0.99), max: Math.round(sorted.at(-1) ?? 0) };
}

let addressCount = 0;
/** Asks `path` every 10 ms after the last answer until `done`; a non-200 answer counts as a failure. */
async function probe(baseURL: string, path: string, done: () => boolean) {
  const latencies: number[] = [];
  let failures = 0;
  while (!done()) {
    const n = addressCount++;
    const sent = performance.now();
    const res = await fetch(`${baseURL}${path}`, { headers: { 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` } });
    await res.arrayBuffer();
    if (res.status !== 200) failures++;
    latencies.push(performance.now() - sent);
    await sleep(10);
  }
  return { ...summary(latencies), failures };
}

export interface Probed {
  health: Latencies & { failures: number };
  tracking: Latencies & { failures: number };
}

async function probeWhile(server: LoadServer, done: () => boolean): Promise<Probed> {
  const [health, tracking] = await Promise.all([
    probe(server.baseURL, '/healthz', done),
    probe(server.baseURL, `/api/v1/deliveries/track/${server.trackingNumber}`, done),
  ]);
  return { health, tracking };
}

async function quietly(server: LoadServer, ms: number) {
  const until = performance.now() + ms;
  return probeWhile(server, () => performance.now() > until);
}

/** Runs `work` while probing; answers the probes and how long the work took. */
async function measuredWhile(server: LoadServer, work: () => Promise<void>) {
  let finished = false;
  const started = performance.now();
  const running = work().finally(() => {
    finished = true;
  });
  const probed = await probeWhile(server, () => finished);
  await running;
  return { ...probed, workMs: Math.round(performance.now() - started) };
}

const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
function csvOf(rows: number) {
  const lines = [IMPORT_COLUMNS.join(',')];
  for (let i = 0; i < rows; i++) {
    const row: Record<string, string> = {
      ...validDeliveryForm(),
      senderPhone: '(617) 555-0100',
      recipientName: `Clinic ${i + 1}, front desk`,
    };
    lines.push(IMPORT_COLUMNS.map((c) => quote(row[c] ?? '')).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

export interface ImportFigures extends Probed {
  database: string;
  rows: number;
  imports: number;
  workMs: number;
  quiet: Probed;
  failures: number;
}

/**
 * The largest file the database's default cap allows (read from /api/v1/config: 25 rows on PGlite, 1,000 on
 * PostgreSQL), imported up to the default rate a minute (2 and 10; 3 here), back to back, while /healthz and
 * tracking are asked.
 */
export async function benchImport(databaseUrl: string | undefined): Promise<ImportFigures> {
  const server = await startLoadServer(databaseUrl);
  try {
    const config = (await (await fetch(`${server.baseURL}/api/v1/config`)).json()) as { importMaxRows: number };
    const [rows, imports] = [config.importMaxRows, server.database === 'pglite' ? 2 : 3];
    const csv = csvOf(rows);
    const post = (authorization = server.customerAuth) =>
      fetch(`${server.baseURL}/api/v1/deliveries/import`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'text/csv' },
        body: csv,
      });
    // Another customer's import first: a fresh process compiles the import's code on its first file.
    await (await post(server.warmAuth)).arrayBuffer();
    const quiet = await quietly(server, 3000);
    let failures = 0;
    const busy = await measuredWhile(server, async () => {
      for (let i = 0; i < imports; i++) {
        const res = await post();
        if (res.status !== 201) {
          failures++;
          console.error(`  import answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
        }
      }
    });
    return { database: server.database, rows, imports, quiet, ...busy, failures };
  } finally {
    await server.stop();
  }
}

export interface PlanFigures extends Probed {
  database: string;
  jobs: number;
  workMs: number;
  quiet: Probed;
  failures: number;
}

/** A route plan of `jobs` approved jobs for 20 drivers while /healthz and tracking are asked. */
export async function benchPlan(databaseUrl: string | undefined, jobs = 1000): Promise<PlanFigures> {
  const server = await startLoadServer(databaseUrl, jobs);
  try {
    const quiet = await quietly(server, 3000);
    let failures = 0;
    const busy = await measuredWhile(server, async () => {
      const res = await fetch(`${server.baseURL}/api/v1/admin/route-plans`, {
        method: 'POST',
        headers: { authorization: server.staffAuth, 'content-type': 'application/json' },
        body: JSON.stringify({ now: true }),
      });
      if (res.status !== 201) {
        failures++;
        console.error(`  route plan answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
      }
    });
    return { database: server.database, jobs, quiet, ...busy, failures };
  } finally {
    await server.stop();
  }
}

export interface ReplanFigures extends PlanFigures {
  /** Progress polls answered while the search ran, and the last one's figures. */
  polls: number;
  lastProgress: { iteration: number; elapsedMs: number; feasible: boolean } | null;
  changes: number;
}

/**
 * Part `replan`: the same probes while "re-plan the rest of today" searches a 1,000-job day on the planner's thread
 * (its time box grows to a minute for that many jobs), followed by its run id: the progress is polled once a
 * second, as the map's button does.
 */
export async function benchReplan(databaseUrl: string | undefined, jobs = 1000): Promise<ReplanFigures> {
  const server = await startLoadServer(databaseUrl, jobs);
  try {
    const quiet = await quietly(server, 3000);
    let failures = 0;
    let polls = 0;
    let changes = 0;
    let lastProgress: ReplanFigures['lastProgress'] = null;
    const runId = crypto.randomUUID();
    const busy = await measuredWhile(server, async () => {
      let done = false;
      const polling = (async () => {
        while (!done) {
          await sleep(1000);
          const res = await fetch(`${server.baseURL}/api/v1/admin/route-plans/runs/${runId}`, {
            headers: { authorization: server.staffAuth },
          });
          if (res.status === 200) {
            polls++;
            lastProgress = ((await res.json()) as { data: NonNullable<ReplanFigures['lastProgress']> }).data;
          } else await res.arrayBuffer();
        }
      })();
      const res = await fetch(`${server.baseURL}/api/v1/admin/route-plans/replan`, {
        method: 'POST',
        headers: { authorization: server.staffAuth, 'content-type': 'application/json' },
        body: JSON.stringify({ runId }),
      });
      done = true;
      await polling;
      if (res.status !== 201) {
        failures++;
        console.error(`  re-plan answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
      } else changes = ((await res.json()) as { data: { changes: unknown[] } }).data.changes.length;
    });
    return { database: server.database, jobs, quiet, ...busy, failures, polls, lastProgress, changes };
  } finally {
    await server.stop();
  }
}

const row = (label: string, l: Latencies & { failures: number }) =>
  `  ${label.padEnd(28)} p50 ${String(l.p50).padStart(4)} ms   p99 ${String(l.p99).padStart(4)} ms   max ${String(l.max).padStart(4)} ms   (${l.n} answers, ${l.failures} failed)`;

export function printProbed(title: string, f: Probed & { quiet: Probed; workMs: number }) {
  console.log(title);
  console.log(row('/healthz, nothing running', f.quiet.health));
  console.log(row('tracking, nothing running', f.quiet.tracking));
  console.log(row(`/healthz, during (${f.workMs} ms)`, f.health));
  console.log(row(`tracking, during (${f.workMs} ms)`, f.tracking));
}
