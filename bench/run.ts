/**
 * `npm run bench`: HTTP throughput of the real server on loopback (autocannon) and the size of the built web
 * bundle. Bounded: BENCH_SECONDS (default 5) per endpoint at BENCH_CONNECTIONS (default 10), and a hard stop.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { REPO_ROOT, type RunningServer, startServer } from '../e2e/fixtures/server.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ENDPOINTS = ['/healthz', '/api/v1/config'];
const ASSETS = join(REPO_ROOT, 'apps/web/dist/assets');

interface Measured {
  path: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function measure(baseURL: string, path: string): Promise<Measured> {
  const result = await autocannon({ url: `${baseURL}${path}`, connections: CONNECTIONS, duration: SECONDS });
  return {
    path,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

function bundleReport() {
  let files: string[];
  try {
    files = readdirSync(ASSETS);
  } catch {
    console.log('\nBundle: apps/web/dist/assets is missing; run `npm run build` first.');
    return;
  }
  const groups = new Map<string, { files: number; raw: number; gzip: number; largest: { name: string; gzip: number } }>();
  for (const name of files) {
    const ext = extname(name);
    if (ext !== '.js' && ext !== '.css') continue;
    const path = join(ASSETS, name);
    const raw = statSync(path).size;
    const gzip = gzipSync(readFileSync(path), { level: 9 }).length;
    const group = groups.get(ext) ?? { files: 0, raw: 0, gzip: 0, largest: { name: '', gzip: 0 } };
    group.files += 1;
    group.raw += raw;
    group.gzip += gzip;
    if (gzip > group.largest.gzip) group.largest = { name, gzip };
    groups.set(ext, group);
  }
  console.log('\nBundle (apps/web/dist/assets)');
  console.log('  type  files        raw       gzip  gzip/raw  largest (gzip)');
  let raw = 0;
  let gzip = 0;
  for (const [ext, g] of [...groups].sort()) {
    raw += g.raw;
    gzip += g.gzip;
    const ratio = `${((g.gzip / g.raw) * 100).toFixed(0)}%`;
    console.log(
      `  ${ext.slice(1).padEnd(4)}  ${String(g.files).padStart(5)}  ${kb(g.raw).padStart(9)}  ${kb(g.gzip).padStart(9)}  ${ratio.padStart(8)}  ${g.largest.name} (${kb(g.largest.gzip)})`,
    );
  }
  if (groups.size > 0)
    console.log(`  total        ${kb(raw).padStart(9)}  ${kb(gzip).padStart(9)}  ${`${((gzip / raw) * 100).toFixed(0)}%`.padStart(8)}`);
}

async function main() {
  // Server start, two runs and teardown fit well inside this; past it something hangs.
  const limitMs = 120_000 + ENDPOINTS.length * SECONDS * 1000;
  let server: RunningServer | undefined;
  const watchdog = setTimeout(() => {
    console.error(`bench: gave up after ${limitMs / 1000} s`);
    void server?.stop().finally(() => process.exit(1));
  }, limitMs);

  console.log(`HTTP on loopback: ${CONNECTIONS} connections, ${SECONDS} s per endpoint`);
  server = await startServer({ label: 'courier-bench', seed: false, requireWeb: false });
  const results: Measured[] = [];
  try {
    for (const path of ENDPOINTS) {
      // A short warm-up so JIT and the first database connection do not count.
      await autocannon({ url: `${server.baseURL}${path}`, connections: 2, amount: 200 });
      results.push(await measure(server.baseURL, path));
    }
  } finally {
    await server.stop();
  }
  console.log('  endpoint          req/s   p50 ms   p99 ms  non-2xx  errors');
  for (const r of results) {
    console.log(
      `  ${r.path.padEnd(15)} ${r.requestsPerSecond.toFixed(0).padStart(7)}  ${String(r.p50).padStart(7)}  ${String(r.p99).padStart(7)}  ${String(r.non2xx).padStart(7)}  ${String(r.errors).padStart(6)}`,
    );
  }
  const [health, config] = results;
  if (health && config && health.requestsPerSecond > 0) {
    console.log(`  /api/v1/config runs at ${((config.requestsPerSecond / health.requestsPerSecond) * 100).toFixed(0)}% of /healthz's rate`);
  }
  bundleReport();
  clearTimeout(watchdog);
  if (results.some((r) => r.non2xx > 0 || r.errors > 0)) {
    console.error('\nbench: some requests failed (see non-2xx and errors above)');
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
