/**
 * The planner on Solomon's VRPTW instances: each file of SOLOMON_DIR (default ../shared/solomon from the repo
 * root) solved by `npm run plan:solomon`'s program in its own process, its last line's routes checked by the
 * independent checker, and the distance compared with reference.json. Then a generated 300-job
 * pickup-and-delivery day for 15 drivers. No database.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { checkPlan, checkSolomonRoutes, generatePdpDay, parseSolomon, solve } from '@courier/planner';

const run = promisify(execFile);
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** SOLOMON_DIR (relative to the directory npm was run from) or ../shared/solomon from the repo root */
export const SOLOMON_DIR = process.env.SOLOMON_DIR
  ? resolve(process.env.INIT_CWD ?? process.cwd(), process.env.SOLOMON_DIR)
  : resolve(ROOT, '../shared/solomon');

interface Row {
  name: string;
  distance: number;
  vehicles: number;
  reference?: { distance: number; vehicles: number };
  gap?: number;
  seconds: number;
  violations: string[];
}

export async function benchSolomon(seconds: number): Promise<{ failures: number; meanGap?: number; daySeconds: number }> {
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
  console.log(`\nSolomon VRPTW (${SOLOMON_DIR}, ${seconds} s per instance, ${cpus().length} cores, load average ${load})`);
  if (!existsSync(SOLOMON_DIR)) {
    console.log('  directory missing: set SOLOMON_DIR');
    return { failures: 1, daySeconds: Number.NaN };
  }
  const refPath = join(SOLOMON_DIR, 'reference.json');
  const reference: Record<string, { distance: number; vehicles: number }> = existsSync(refPath)
    ? JSON.parse(readFileSync(refPath, 'utf8'))
    : {};
  const files = readdirSync(SOLOMON_DIR)
    .filter((f) => /\.txt$/i.test(f))
    .sort();
  console.log('  instance   distance  vehicles  reference  ref veh    gap %   time s  feasible');
  const rows: Row[] = [];
  for (const file of files) {
    const path = join(SOLOMON_DIR, file);
    const inst = parseSolomon(readFileSync(path, 'utf8'));
    const started = performance.now();
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'packages/planner/src/plan-solomon.ts'), path, '--seconds', String(seconds)],
      { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
    );
    const took = (performance.now() - started) / 1000;
    const last = stdout.trim().split('\n').at(-1) ?? '';
    const routes = (JSON.parse(last) as { routes: number[][] }).routes;
    const checked = checkSolomonRoutes(inst, routes);
    const name = file.replace(/\.txt$/i, '');
    const ref = reference[name] ?? reference[inst.name];
    const row: Row = {
      name,
      distance: checked.distance,
      vehicles: checked.vehicles,
      reference: ref,
      gap: ref ? ((checked.distance - ref.distance) / ref.distance) * 100 : undefined,
      seconds: took,
      violations: checked.violations,
    };
    rows.push(row);
    console.log(
      `  ${name.padEnd(8)} ${row.distance.toFixed(2).padStart(10)} ${String(row.vehicles).padStart(9)} ${(ref?.distance.toFixed(2) ?? '-').padStart(10)} ${String(ref?.vehicles ?? '-').padStart(8)} ${(row.gap?.toFixed(2) ?? '-').padStart(8)} ${took.toFixed(1).padStart(8)}  ${row.violations.length ? `NO: ${row.violations[0]}` : 'yes'}`,
    );
  }
  const gaps = rows.flatMap((r) => (r.gap === undefined ? [] : [r.gap]));
  const meanGap = gaps.length ? gaps.reduce((a, b) => a + b, 0) / gaps.length : undefined;
  if (meanGap !== undefined) console.log(`  mean gap ${meanGap.toFixed(2)} % over ${gaps.length} instances`);
  let failures = rows.filter((r) => r.violations.length).length;

  const day = generatePdpDay({ seed: 7, jobs: 300, vehicles: 15 });
  const started = performance.now();
  const plan = solve(day, { seed: 1, timeLimitMs: 4000 });
  const took = (performance.now() - started) / 1000;
  const errors = checkPlan(day, plan);
  failures += errors.length ? 1 : 0;
  console.log(
    `\nPickup-and-delivery day (generated, seed 7): 300 jobs, 600 stops, 15 drivers: ${took.toFixed(2)} s, ${plan.routes.filter((r) => r.stops.length).length} drivers used, ${plan.unassigned.length} unassigned, ${plan.travelTime.toFixed(0)} min driving, ${plan.iterations} iterations, ${errors.length ? `INVALID: ${errors[0]}` : 'valid'}`,
  );
  return { failures, meanGap, daySeconds: took };
}
