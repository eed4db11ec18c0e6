/**
 * Public tracking under load: the server's rate over random tracking numbers (autocannon, each request from a
 * random X-Forwarded-For address so the per-address limit is not what is measured) against PostgreSQL's own
 * rate for the same lookups (pgbench, 10 clients, prepared), then the p99 latency at half the server's maximum.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { TRACKING_SQL } from './bare-tracking.js';
import { BENCH_DATABASE_URL, orderIdSql, sampleTrackingNumbers } from './seed.js';

const randomAddress = () => Array.from({ length: 4 }, () => 1 + Math.floor(Math.random() * 254)).join('.');

/** The two lookups public tracking needs, as a pgbench script: the delivery, then its custody events. */
export function pgbenchScript(deliveries: number): string {
  return [
    `\\set g random(1, ${deliveries})`,
    `select id, order_id, status, driver_id, estimated_delivery, required_by, pickup_label, pickup_lat, pickup_lng, delivery_label, delivery_lat, delivery_lng from deliveries where order_id = ${orderIdSql(':g')} limit 1 \\gset`,
    'select * from delivery_events where delivery_id = :id order by seq;',
    '',
  ].join('\n');
}

/** The one query the server runs instead (the delivery with its events aggregated), as a pgbench script. */
export function pgbenchOneQueryScript(deliveries: number): string {
  return [`\\set g random(1, ${deliveries})`, `${TRACKING_SQL.replace('$1', orderIdSql(':g')).replace(/\s+/g, ' ')};`, ''].join('\n');
}

export function pgbenchRate(deliveries: number, seconds: number, scriptText = pgbenchScript(deliveries)): number {
  const dir = mkdtempSync(join(tmpdir(), 'courier-pgbench-'));
  const script = join(dir, 'tracking.sql');
  writeFileSync(script, scriptText);
  const out = execFileSync(
    'pgbench',
    ['-n', '-c', '10', '-j', '2', '-M', 'prepared', '-T', String(seconds), '-f', script, BENCH_DATABASE_URL],
    {
      encoding: 'utf8',
    },
  );
  const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(out);
  if (!m) throw new Error(`pgbench printed no rate:\n${out}`);
  return Number(m[1]);
}

export interface TrackingLoad {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

export async function trackingLoad(baseURL: string, numbers: string[], seconds: number, connections: number, overallRate?: number) {
  const result = await autocannon({
    url: baseURL,
    connections,
    duration: seconds,
    ...(overallRate ? { overallRate } : {}),
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => ({
          ...req,
          path: `/api/v1/deliveries/track/${numbers[Math.floor(Math.random() * numbers.length)]}`,
          headers: { ...req.headers, 'x-forwarded-for': randomAddress() },
        }),
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/** Starts bare-tracking.ts in its own process and answers its address. */
async function startBareServer(): Promise<{ baseURL: string; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', new URL('./bare-tracking.ts', import.meta.url).pathname], {
    env: { ...process.env, BENCH_DATABASE_URL },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseURL = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const m = /listening (\S+)/.exec(chunk.toString());
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`bare tracking server exited (${code})`)));
  });
  return { baseURL, stop: () => child.kill('SIGKILL') };
}

export async function benchTracking(baseURL: string, deliveries: number, seconds: number, connections: number) {
  const numbers = await sampleTrackingNumbers(20_000);
  await trackingLoad(baseURL, numbers, 3, connections); // warm-up: JIT, pool, caches
  const max = await trackingLoad(baseURL, numbers, seconds, connections);
  const pgbench = pgbenchRate(deliveries, seconds);
  const pgbenchOneQuery = pgbenchRate(deliveries, seconds, pgbenchOneQueryScript(deliveries));
  const bareServer = await startBareServer();
  let bare: TrackingLoad;
  try {
    await trackingLoad(bareServer.baseURL, numbers, 3, connections);
    bare = await trackingLoad(bareServer.baseURL, numbers, seconds, connections);
  } finally {
    bareServer.stop();
  }
  const half = await trackingLoad(baseURL, numbers, seconds, connections, Math.max(1, Math.round(max.requestsPerSecond / 2)));
  return { max, half, pgbench, pgbenchOneQuery, bare, ratio: max.requestsPerSecond / pgbench };
}
