/**
 * `npm run bench`: the performance figures of docs/benchmarks.md, measured in one run on PostgreSQL.
 *  1. seeds BENCH_DATABASE_URL with BENCH_DELIVERIES deliveries (1,000,000; BENCH_REUSE_DB=1 keeps a database
 *     that already holds that many),
 *  2. starts the real server on it (TRUST_PROXY=true, so each request may come from its own address),
 *  0. (part `solomon`, no database) solves Solomon's VRPTW files and a 300-job day with the route planner,
 *     (part `planner`, no database) Li & Lim and Gehring & Homberger instances and a generated 1,000-job courier
 *     day with a re-plan (planner.ts),
 *  3. measures bare endpoints, public tracking against pgbench, my-deliveries page 1 and 5000, the landing
 *     page's JavaScript and Lighthouse's mobile scores, and prints each beside its budget;
 *  (part `replica`) public tracking again through a second server whose reads go to a streaming replica;
 *  (part `live-bus`, no seeded database) NOTIFY events a second with 1, 2, 4 and 8 listening processes.
 *  (part `billing`, a database of its own) 13,500 deliveries of 200 accounts priced and their month invoiced (billing.ts).
 *  (part `driver-pay`, a throw-away database) settling a month of 13,500 jobs for 60 drivers (driver-pay.ts).
 *  Parts `import` and `plan` (responsiveness.ts) start servers of their own on PGlite and on a fresh database of the
 *  same PostgreSQL; part `restart` (restart.ts) restarts the compiled server on the seeded database.
 * Timings are not tests: the run never fails on a slow figure, only on failed requests.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { REPO_ROOT, type RunningServer, startServer, WEB_INDEX } from '../e2e/fixtures/server.js';
import { landingJavaScript, lighthouseScores } from './landing.js';
import { benchMyDeliveries } from './my-deliveries.js';
import { benchImport, benchPlan, benchReplan, printProbed } from './responsiveness.js';
import { benchRestart } from './restart.js';
import { BENCH_DATABASE_URL, seedBenchDatabase } from './seed.js';
import { benchPlanner } from './planner.js';
import { benchSolomon } from './solomon.js';
import { benchBilling } from './billing.js';
import { benchDriverPay } from './driver-pay.js';
import { benchLiveBus } from './live-bus.js';
import { benchReplica } from './replica.js';
import { benchTracking } from './tracking.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 1_000_000);
const HEAVY = Math.min(Number(process.env.BENCH_HEAVY_DELIVERIES ?? 200_000), Math.floor(DELIVERIES / 5));
const ENDPOINTS = ['/healthz', '/api/v1/config'];
/**
 * BENCH_PARTS=tracking,my-deliveries runs only those parts (of solomon, planner, live-bus, import, plan, replan, billing,
 * driver-pay, restart, http, tracking, replica, my-deliveries, landing); BENCH_PARTS=solomon,planner,live-bus needs no
 * seeded database.
 */
const PARTS = new Set(
  (
    process.env.BENCH_PARTS ??
    'solomon,planner,live-bus,import,plan,replan,billing,driver-pay,restart,http,tracking,replica,my-deliveries,landing'
  ).split(','),
);
/** Parts that measure the server started on the seeded database. */
const SERVER_PARTS = ['http', 'tracking', 'replica', 'my-deliveries', 'landing'];
/** Parts that need the seeded database. */
const DATABASE_PARTS = [...SERVER_PARTS, 'restart'];
/** The PostgreSQL server's own database: the import and plan parts create throw-away databases through it. */
const MAINTENANCE_URL = Object.assign(new URL(BENCH_DATABASE_URL), { pathname: '/postgres' }).toString();
/** seconds per Solomon instance */
const SOLOMON_SECONDS = Number(process.env.BENCH_SOLOMON_SECONDS ?? 10);
const ASSETS = join(REPO_ROOT, 'apps/web/dist/assets');

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const budget = (ok: boolean) => (ok ? 'met' : 'NOT met');

async function measure(baseURL: string, path: string) {
  await autocannon({ url: `${baseURL}${path}`, connections: 2, amount: 200 });
  const r = await autocannon({ url: `${baseURL}${path}`, connections: CONNECTIONS, duration: Math.min(SECONDS, 5) });
  return {
    path,
    requestsPerSecond: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    failures: r.non2xx + r.errors + r.timeouts,
  };
}

function bundleReport() {
  if (!existsSync(ASSETS)) return;
  let raw = 0;
  let gzip = 0;
  let files = 0;
  for (const name of readdirSync(ASSETS)) {
    if (extname(name) !== '.js') continue;
    files += 1;
    raw += statSync(join(ASSETS, name)).size;
    gzip += gzipSync(readFileSync(join(ASSETS, name)), { level: 9 }).length;
  }
  console.log(`\nWhole bundle: ${files} JavaScript files, ${kb(raw)} raw, ${kb(gzip)} gzip`);
}

async function deliveriesInDatabase(): Promise<number> {
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  try {
    await client.connect();
    const { rows } = await client.query<{ n: string }>('select count(*) as n from deliveries');
    return Number(rows[0].n);
  } catch {
    return -1;
  } finally {
    await client.end().catch(() => {});
  }
}

async function main() {
  const limitMs = 30 * 60_000;
  let server: RunningServer | undefined;
  const watchdog = setTimeout(() => {
    console.error(`bench: gave up after ${limitMs / 60_000} min`);
    void server?.stop().finally(() => process.exit(1));
  }, limitMs);
  let failures = 0;

  let planner: Awaited<ReturnType<typeof benchSolomon>> | undefined;
  if (PARTS.has('solomon')) {
    planner = await benchSolomon(SOLOMON_SECONDS);
    failures += planner.failures;
    console.log('\nBudgets (route planner)');
    if (planner.meanGap !== undefined) {
      console.log(`  Solomon mean gap to reference     ${planner.meanGap.toFixed(2)} %  (<= 5 %)   ${budget(planner.meanGap <= 5)}`);
    }
    console.log(`  300-job day planned in            ${planner.daySeconds.toFixed(2)} s  (<= 5 s)   ${budget(planner.daySeconds <= 5)}`);
  }
  if (PARTS.has('planner')) {
    const p = await benchPlanner();
    failures += p.failures;
    console.log('\nBudgets (route planner at scale)');
    for (const f of p.families) {
      const gap = f.meanGap === undefined ? 'not all served' : `${f.meanGap.toFixed(2)} %`;
      console.log(
        `  ${f.label} at ${f.seconds} s: mean gap ${gap}  (<= ${f.target} %)   ${budget(f.meanGap !== undefined && f.meanGap <= f.target)}`,
      );
    }
    if (p.day) {
      console.log(
        `  1,000-job courier day feasible in 60 s: ${p.day.unassigned === 0 && p.day.valid ? 'yes' : 'no'}   ${budget(p.day.unassigned === 0 && p.day.valid)}`,
      );
      console.log(
        `  stops moved by a re-plan after one STAT: ${(p.day.movedShare * 100).toFixed(1)} %  (< 10 %)   ${budget(p.day.movedShare < 0.1)}`,
      );
    }
  }
  if (PARTS.has('live-bus')) {
    console.log(`\nLive bus: NOTIFY through one PostgreSQL, one per transaction (${SECONDS} s per run)`);
    console.log('  listeners   sent/s   received/s each   handed out/s   p50 ms   p99 ms');
    for (const r of await benchLiveBus(SECONDS)) {
      console.log(
        `  ${String(r.listeners).padStart(9)} ${r.sentPerSecond.toFixed(0).padStart(8)} ${r.receivedPerListener.toFixed(0).padStart(17)} ${r.fanOutPerSecond.toFixed(0).padStart(14)} ${String(r.p50Ms).padStart(8)} ${String(r.p99Ms).padStart(8)}`,
      );
    }
  }
  if (PARTS.has('driver-pay')) {
    const pay = await benchDriverPay(MAINTENANCE_URL);
    failures += pay.failures;
    console.log(`\nDriver pay: a month of ${pay.items.toLocaleString('en-US')} items for ${pay.drivers} drivers on PostgreSQL`);
    console.log(`  settlement run (${pay.settlements} drafts)    ${pay.runSeconds.toFixed(2)} s  (< 5 s)   ${budget(pay.runSeconds < 5)}`);
    console.log(`  the same run again (nothing new)  ${pay.rerunSeconds.toFixed(2)} s`);
  }
  const loadNow = () =>
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`;
  const responsiveness: { label: string; health: number; trackingP99: number; budget: number }[] = [];
  if (PARTS.has('import')) {
    for (const database of [undefined, MAINTENANCE_URL]) {
      const f = await benchImport(database);
      failures += f.failures + f.health.failures + f.tracking.failures;
      printProbed(`\nDuring CSV imports on ${f.database} (${f.imports} files of ${f.rows} rows, back to back; ${loadNow()})`, f);
      responsiveness.push({ label: `import on ${f.database}`, health: f.health.p99, trackingP99: f.tracking.p99, budget: 100 });
    }
  }
  if (PARTS.has('plan')) {
    for (const database of [MAINTENANCE_URL, undefined]) {
      const f = await benchPlan(database);
      failures += f.failures + f.health.failures + f.tracking.failures;
      printProbed(`\nDuring a route plan of ${f.jobs} jobs for 20 drivers on ${f.database} (${loadNow()})`, f);
      responsiveness.push({ label: `plan on ${f.database}`, health: f.health.p99, trackingP99: f.tracking.p99, budget: 100 });
    }
  }
  if (PARTS.has('billing')) {
    const b = await benchBilling(MAINTENANCE_URL);
    failures += b.failures;
    console.log(
      `\nBilling on PostgreSQL: ${b.deliveries.toLocaleString('en-US')} deliveries of ${b.accounts} accounts in one month (${loadNow()})`,
    );
    console.log(`  priced by the rate formula        ${b.pricingSeconds.toFixed(2)} s  (stored in ${b.storeSeconds.toFixed(2)} s)`);
    console.log(
      `  the month's run: ${b.accounts} drafts, ${b.lines.toLocaleString('en-US')} lines  ${b.runSeconds.toFixed(2)} s  (<= 10 s)   ${budget(b.runSeconds <= 10)}`,
    );
    console.log(`  the same run again (nothing new)  ${b.rerunSeconds.toFixed(2)} s`);
    console.log(`  ${b.accounts} invoices issued one by one    ${b.issueSeconds.toFixed(2)} s`);
    console.log(
      `  one quote, an owner's, all types priced  median ${b.quoteMedianMs.toFixed(1)} ms, p90 ${b.quoteP90Ms.toFixed(1)} ms  (<= 20 ms)   ${budget(b.quoteMedianMs <= 20)}`,
    );
  }
  if (PARTS.has('replan')) {
    for (const database of [MAINTENANCE_URL, undefined]) {
      const f = await benchReplan(database);
      failures += f.failures + f.health.failures + f.tracking.failures;
      printProbed(`\nDuring a re-plan of the rest of today, ${f.jobs} jobs for 20 drivers on ${f.database} (${loadNow()})`, f);
      console.log(`  progress polled ${f.polls} times, last ${JSON.stringify(f.lastProgress)}; ${f.changes} changes listed`);
      responsiveness.push({ label: `re-plan on ${f.database}`, health: f.health.p99, trackingP99: f.tracking.p99, budget: 100 });
    }
  }
  if (responsiveness.length > 0) {
    console.log('\nBudgets (responsiveness, p99 while the work runs)');
    for (const r of responsiveness) {
      const ok = r.health <= r.budget && r.trackingP99 <= r.budget;
      console.log(
        `  ${r.label.padEnd(20)} /healthz ${String(r.health).padStart(4)} ms, tracking ${String(r.trackingP99).padStart(4)} ms  (<= ${r.budget} ms)   ${budget(ok)}`,
      );
    }
  }

  if (!DATABASE_PARTS.some((part) => PARTS.has(part))) {
    clearTimeout(watchdog);
    if (failures > 0) {
      console.error(`\nbench: ${failures} plans were not valid (see "feasible" above)`);
      process.exitCode = 1;
    }
    return;
  }

  if (process.env.BENCH_REUSE_DB === '1' && (await deliveriesInDatabase()) === DELIVERIES) {
    console.log(`Reusing ${BENCH_DATABASE_URL} (${DELIVERIES.toLocaleString('en-US')} deliveries)`);
  } else {
    console.log(
      `Seeding ${BENCH_DATABASE_URL}: ${DELIVERIES.toLocaleString('en-US')} deliveries, ${HEAVY.toLocaleString('en-US')} for one customer`,
    );
    await seedBenchDatabase(DELIVERIES, HEAVY);
  }

  if (PARTS.has('restart')) {
    const r = await benchRestart(BENCH_DATABASE_URL);
    console.log(
      `\nRestart on PostgreSQL with ${DELIVERIES.toLocaleString('en-US')} deliveries: process start to /readyz 200 (${loadNow()})`,
    );
    console.log(`  ${r.starts.map((s) => `${(s.readyMs / 1000).toFixed(2)} s`).join(', ')}; median ${(r.medianMs / 1000).toFixed(2)} s`);
    console.log(`  CPU used by the process until ready: median ${(r.medianCpuMs / 1000).toFixed(2)} s`);
    console.log(`  restart ready in (median)          ${(r.medianMs / 1000).toFixed(2)} s  (<= 3 s)   ${budget(r.medianMs <= 3000)}`);
  }
  if (!SERVER_PARTS.some((part) => PARTS.has(part))) {
    clearTimeout(watchdog);
    if (failures > 0) process.exitCode = 1;
    return;
  }

  const web = existsSync(WEB_INDEX);
  server = await startServer({
    label: 'courier-bench',
    seed: false,
    requireWeb: false,
    env: {
      DATABASE_URL: BENCH_DATABASE_URL,
      TRUST_PROXY: 'true',
      ...(process.env.BENCH_POOL ? { DATABASE_POOL_MAX: process.env.BENCH_POOL } : {}),
    },
  });
  try {
    const bare: Awaited<ReturnType<typeof measure>>[] = [];
    if (PARTS.has('http')) {
      console.log(`\nHTTP on loopback: ${CONNECTIONS} connections`);
      console.log('  endpoint          req/s   p50 ms   p99 ms  failed');
      for (const path of ENDPOINTS) {
        const r = await measure(server.baseURL, path);
        bare.push(r);
        failures += r.failures;
        console.log(
          `  ${r.path.padEnd(15)} ${r.requestsPerSecond.toFixed(0).padStart(7)}  ${String(r.p50).padStart(7)}  ${String(r.p99).padStart(7)}  ${String(r.failures).padStart(6)}`,
        );
      }
    }

    let t: Awaited<ReturnType<typeof benchTracking>> | undefined;
    if (PARTS.has('tracking')) {
      console.log(`\nPublic tracking over random tracking numbers (${SECONDS} s per run, ${CONNECTIONS} connections)`);
      t = await benchTracking(server.baseURL, DELIVERIES, SECONDS, CONNECTIONS);
      failures += t.max.failures + t.half.failures;
      console.log(
        `  server, max          ${t.max.requestsPerSecond.toFixed(0).padStart(6)} req/s   p50 ${t.max.p50} ms   p99 ${t.max.p99} ms   failed ${t.max.failures}`,
      );
      console.log(`  pgbench, same lookups ${t.pgbench.toFixed(0).padStart(6)} tx/s (10 clients, prepared)`);
      console.log(`  pgbench, the one query the server runs ${t.pgbenchOneQuery.toFixed(0).padStart(6)} tx/s`);
      console.log(
        `  bare Fastify + pg, same query ${t.bare.requestsPerSecond.toFixed(0).padStart(6)} req/s   p50 ${t.bare.p50} ms   p99 ${t.bare.p99} ms   failed ${t.bare.failures}`,
      );
      console.log(
        `  server at half max   ${t.half.requestsPerSecond.toFixed(0).padStart(6)} req/s   p50 ${t.half.p50} ms   p99 ${t.half.p99} ms   failed ${t.half.failures}`,
      );
    }

    if (PARTS.has('replica')) {
      console.log(`\nPublic tracking with and without a streaming replica (${SECONDS} s per run, ${CONNECTIONS} connections)`);
      const r = await benchReplica(server.baseURL, SECONDS, CONNECTIONS);
      if (typeof r === 'string') console.log(`  skipped: ${r}`);
      else {
        failures += r.primaryOnly.failures + r.withReplica.failures;
        for (const [label, x] of [
          ['primary only       ', r.primaryOnly],
          ['reads on a replica ', r.withReplica],
        ] as const) {
          console.log(
            `  ${label} ${x.requestsPerSecond.toFixed(0).padStart(6)} req/s   p50 ${x.p50} ms   p99 ${x.p99} ms   failed ${x.failures}`,
          );
        }
      }
    }

    let m: Awaited<ReturnType<typeof benchMyDeliveries>> | undefined;
    if (PARTS.has('my-deliveries')) {
      console.log('\nmy-deliveries of the customer with the most deliveries (one request at a time)');
      m = await benchMyDeliveries(server.baseURL, Math.min(SECONDS, 5));
      failures += m.first.failures + m.deep.failures;
      for (const p of [m.first, m.deep]) {
        console.log(
          `  page ${String(p.page).padEnd(5)} mean ${p.mean.toFixed(2)} ms   p50 ${p.p50} ms   p99 ${p.p99} ms   failed ${p.failures}`,
        );
      }
    }

    let landing: Awaited<ReturnType<typeof landingJavaScript>> | undefined;
    let scores: Awaited<ReturnType<typeof lighthouseScores>> = [];
    if (!PARTS.has('landing')) {
      // skipped
    } else if (!web) console.log('\nLanding page and Lighthouse: apps/web/dist is missing; run `npm run build` first.');
    else {
      landing = await landingJavaScript(server.baseURL);
      console.log(`\nLanding page JavaScript: ${landing.scripts.length} files, ${kb(landing.gzip)} gzip`);
      for (const s of landing.scripts) console.log(`  ${s.url.padEnd(48)} ${kb(s.gzip).padStart(9)}`);
      try {
        scores = await lighthouseScores(server.baseURL, ['/', '/tracking']);
        console.log('\nLighthouse (mobile)   performance  accessibility  best practices   LCP ms   TBT ms');
        for (const s of scores) {
          console.log(
            `  ${s.path.padEnd(18)} ${String(s.performance).padStart(12)} ${String(s.accessibility).padStart(14)} ${String(s.bestPractices).padStart(15)} ${s.lcpMs?.toFixed(0).padStart(8)} ${s.tbtMs?.toFixed(0).padStart(8)}`,
          );
        }
      } catch (err) {
        console.log(`\nLighthouse could not run here: ${(err as Error).message}`);
      }
      bundleReport();
    }

    console.log('\nBudgets (API)');
    if (t) {
      console.log(`  tracking rate / pgbench rate     ${t.ratio.toFixed(2)}  (>= 0.6)    ${budget(t.ratio >= 0.6)}   (${loadNow()})`);
      console.log(`  tracking p99 at half max rate    ${t.half.p99} ms  (<= 25 ms)   ${budget(t.half.p99 <= 25)}`);
      console.log(
        `  (bare Fastify + pg / pgbench ${(t.bare.requestsPerSecond / t.pgbench).toFixed(2)}; the server / bare Fastify ${(t.max.requestsPerSecond / t.bare.requestsPerSecond).toFixed(2)})`,
      );
    }
    if (m) {
      console.log(`  my-deliveries page 1             ${m.first.mean.toFixed(2)} ms  (<= 20 ms)   ${budget(m.first.mean <= 20)}`);
      console.log(`  page 5000 / page 1               ${m.ratio.toFixed(2)}  (<= 1.5)    ${budget(m.ratio <= 1.5)}`);
    }
    if (landing) console.log(`  landing JavaScript, gzip         ${kb(landing.gzip)}  (<= 150 kB)  ${budget(landing.gzip <= 150 * 1024)}`);
    for (const s of scores) {
      const ok = (s.performance ?? 0) >= 0.95;
      console.log(`  Lighthouse performance ${s.path.padEnd(9)} ${s.performance}  (>= 0.95)   ${budget(ok)}`);
    }
    const health = bare[0];
    if (health && t) {
      console.log(
        `  (tracking runs at ${((t.max.requestsPerSecond / health.requestsPerSecond) * 100).toFixed(0)}% of bare /healthz's rate)`,
      );
    }
  } finally {
    await server.stop();
    clearTimeout(watchdog);
  }
  if (failures > 0) {
    console.error(`\nbench: ${failures} requests failed (see "failed" above)`);
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
