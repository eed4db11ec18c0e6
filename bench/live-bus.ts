/**
 * The live bus's ceiling: NOTIFY events a second through one PostgreSQL with N listening processes (each
 * server process holds one LISTEN connection; platform/live-events.ts). Publishers send one NOTIFY per
 * transaction, as each committed change does, with a payload the size of a live event's row, as fast as they
 * can for a while; each listener counts what arrives and how late. Saturation shows as the sent rate falling
 * as listeners are added, or the arrival delay growing past the one-second budget of a live update.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { BENCH_DATABASE_URL } from './seed.js';

const CHANNEL = 'courier_bench_live';
const PUBLISHERS = Number(process.env.BENCH_NOTIFY_PUBLISHERS ?? 4);
/** A delivery.moved event's row as the app sends it (about 330 bytes). */
const PAYLOAD = JSON.stringify({
  id: 123456,
  type: 'delivery.moved',
  deliveryId: '0b8f3c2e-6a41-4d7e-9c55-2f7d1e8a9b10',
  orderId: 'MC7K2Q9X4T8B',
  status: 'in_transit',
  userIds: ['5d2a8c1e-3f47-4b9a-8e21-6c0f9d3b7a54', '9e4b1d7c-2a58-4c3f-b6e9-1f8d0a2c5e73'],
  staff: true,
  public: true,
  createdAt: '2026-11-27T21:00:00.000Z',
});

export interface BusRun {
  listeners: number;
  sentPerSecond: number;
  /** Each listener's arrivals a second (the lowest of them). */
  receivedPerListener: number;
  /** Notifications handed out a second, all listeners together. */
  fanOutPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

/** The server's maintenance database: NOTIFY needs no tables, so no seeded database either. */
const notifyUrl = () => {
  const u = new URL(process.env.BENCH_NOTIFY_URL ?? BENCH_DATABASE_URL);
  if (!process.env.BENCH_NOTIFY_URL) u.pathname = '/postgres';
  return u.toString();
};

function startListener(url: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', new URL('./notify-listener.ts', import.meta.url).pathname], {
    env: { ...process.env, BENCH_NOTIFY_URL: url, BENCH_NOTIFY_CHANNEL: CHANNEL },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const waiting: ((line: string) => void)[] = [];
  lines.on('line', (line) => waiting.shift()?.(line));
  const next = () => new Promise<string>((resolve) => waiting.push(resolve));
  return {
    ready: next(),
    async report() {
      const answer = next();
      child.stdin!.write('report\n');
      return JSON.parse(await answer) as { count: number; p50: number; p99: number };
    },
    stop: () => child.stdin!.write('stop\n'),
  };
}

async function publishFor(url: string, ms: number): Promise<number> {
  const clients = await Promise.all(
    Array.from({ length: PUBLISHERS }, async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    }),
  );
  let sent = 0;
  const until = Date.now() + ms;
  await Promise.all(
    clients.map(async (c) => {
      while (Date.now() < until) {
        await c.query({ name: 'notify', text: 'select pg_notify($1, $2)', values: [CHANNEL, `{"t":${Date.now()},${PAYLOAD.slice(1)}`] });
        sent += 1;
      }
    }),
  );
  await Promise.all(clients.map((c) => c.end()));
  return sent;
}

export async function benchLiveBus(
  seconds: number,
  counts = (process.env.BENCH_NOTIFY_LISTENERS ?? '1,2,4,8').split(',').map(Number),
): Promise<BusRun[]> {
  const url = notifyUrl();
  const runs: BusRun[] = [];
  for (const n of counts) {
    const listeners = Array.from({ length: n }, () => startListener(url));
    await Promise.all(listeners.map((l) => l.ready));
    try {
      await publishFor(url, 1000); // warm-up
      await new Promise((r) => setTimeout(r, 500));
      await Promise.all(listeners.map((l) => l.report()));
      const sent = await publishFor(url, seconds * 1000);
      // What was sent has arrived within two seconds, or counts as lost to the measurement.
      await new Promise((r) => setTimeout(r, 2000));
      const reports = await Promise.all(listeners.map((l) => l.report()));
      const least = Math.min(...reports.map((r) => r.count));
      runs.push({
        listeners: n,
        sentPerSecond: sent / seconds,
        receivedPerListener: least / seconds,
        fanOutPerSecond: reports.reduce((sum, r) => sum + r.count, 0) / seconds,
        p50Ms: Math.max(...reports.map((r) => r.p50)),
        p99Ms: Math.max(...reports.map((r) => r.p99)),
      });
    } finally {
      for (const l of listeners) l.stop();
    }
  }
  return runs;
}
