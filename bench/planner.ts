/**
 * Part `planner`: the route planner at a courier's scale, no database.
 *  - public instances with their best-known solutions (VRP_DIR, default ../shared/vrp from the repo root): Li & Lim
 *    PDPTW 100-task files at 10 s, Gehring & Homberger VRPTW 200-customer files at 20 s and 1,000-customer files at
 *    60 s, each solved by `npm run plan:lilim`'s / `plan:solomon`'s program in its own process with the best-known
 *    vehicle count as the fleet, its last line's routes checked by the independent checkers, the distance compared
 *    with the best-known one, and the time to the first plan serving every task;
 *  - a generated courier day (1,000 jobs, 50 drivers, skills, breaks, two compartments, ride limits, clustered
 *    addresses) planned in 60 s and checked, then re-planned after one STAT is added with a stability weight: the
 *    share of planned stops that moved to another driver.
 * BENCH_PLANNER_INSTANCES=lc101,c1_2_1 runs only those instances (and the day); BENCH_PLANNER_DAY=0 skips the day.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  checkLiLimRoutes,
  checkPlan,
  checkSolomonRoutes,
  generateCourierDay,
  type PairJob,
  type PlannerStop,
  type PlanningProblem,
  parseLiLim,
  parseSolomon,
  solve,
} from '@courier/planner';

const run = promisify(execFile);
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const VRP_DIR = process.env.VRP_DIR
  ? resolve(process.env.INIT_CWD ?? process.cwd(), process.env.VRP_DIR)
  : resolve(ROOT, '../shared/vrp');
const ONLY = process.env.BENCH_PLANNER_INSTANCES ? new Set(process.env.BENCH_PLANNER_INSTANCES.split(',')) : undefined;

const FAMILIES = [
  { folder: 'lilim100', label: 'Li & Lim PDPTW, 100 tasks', seconds: 10, target: 1, program: 'plan-lilim.ts' },
  { folder: 'homberger200', label: 'Gehring & Homberger VRPTW, 200 customers', seconds: 20, target: 3, program: 'plan-solomon.ts' },
  { folder: 'homberger1000', label: 'Gehring & Homberger VRPTW, 1,000 customers', seconds: 60, target: 6, program: 'plan-solomon.ts' },
] as const;

export interface FamilyResult {
  label: string;
  seconds: number;
  target: number;
  meanGap?: number;
  instances: number;
  allFeasible: boolean;
  meanFirstFeasible?: number;
}

export interface PlannerBench {
  failures: number;
  families: FamilyResult[];
  day?: { seconds: number; firstFeasible?: number; unassigned: number; valid: boolean; movedShare: number; replanUnassigned: number };
}

export async function benchPlanner(): Promise<PlannerBench> {
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
  console.log(`\nRoute planner at scale (${VRP_DIR}, ${cpus().length} cores, load average ${load})`);
  let failures = 0;
  const families: FamilyResult[] = [];
  for (const fam of FAMILIES) {
    const dir = join(VRP_DIR, fam.folder);
    if (!existsSync(dir)) {
      console.log(`  ${fam.folder}: directory missing`);
      failures++;
      continue;
    }
    const reference: Record<string, { distance: number; vehicles: number }> = JSON.parse(readFileSync(join(dir, 'reference.json'), 'utf8'));
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.txt') && (!ONLY || ONLY.has(f.replace(/\.txt$/, ''))))
      .sort();
    if (!files.length) continue;
    console.log(`\n  ${fam.label}, ${fam.seconds} s each, fleet = best-known vehicle count`);
    console.log('  instance     distance  vehicles   best-known  veh    gap %  first feasible s  served+valid');
    const gaps: number[] = [];
    const firsts: number[] = [];
    let allFeasible = true;
    for (const file of files) {
      const name = file.replace(/\.txt$/, '');
      const ref = reference[name];
      const path = join(dir, file);
      const { stdout, stderr } = await run(
        process.execPath,
        [
          '--import',
          'tsx',
          join(ROOT, 'packages/planner/src', fam.program),
          path,
          '--seconds',
          String(fam.seconds),
          '--vehicles',
          String(ref.vehicles),
        ],
        { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 },
      );
      const routes = (JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as { routes: number[][] }).routes;
      const checked =
        fam.folder === 'lilim100'
          ? checkLiLimRoutes(parseLiLim(readFileSync(path, 'utf8'), name), routes, ref.vehicles)
          : checkSolomonRoutes(parseSolomon(readFileSync(path, 'utf8')), routes, ref.vehicles);
      const first = /first feasible ([\d.]+) s/.exec(stderr)?.[1];
      const ok = checked.violations.length === 0;
      if (!ok) allFeasible = false;
      const gap = ((checked.distance - ref.distance) / ref.distance) * 100;
      if (ok) gaps.push(gap);
      if (first !== undefined) firsts.push(Number(first));
      console.log(
        `  ${name.padEnd(10)} ${checked.distance.toFixed(2).padStart(10)} ${String(checked.vehicles).padStart(9)} ${ref.distance.toFixed(2).padStart(12)} ${String(ref.vehicles).padStart(4)} ${ok ? gap.toFixed(2).padStart(8) : '       -'} ${(first ?? 'never').padStart(17)}  ${ok ? 'yes' : `NO: ${checked.violations[0]}`}`,
      );
    }
    const meanGap = gaps.length === files.length ? gaps.reduce((a, b) => a + b, 0) / gaps.length : undefined;
    const meanFirstFeasible = firsts.length ? firsts.reduce((a, b) => a + b, 0) / firsts.length : undefined;
    console.log(
      `  mean gap ${meanGap === undefined ? '- (not all served)' : `${meanGap.toFixed(2)} %`} over ${files.length} (target <= ${fam.target} %), first feasible after ${meanFirstFeasible?.toFixed(2) ?? '-'} s on average`,
    );
    families.push({
      label: fam.label,
      seconds: fam.seconds,
      target: fam.target,
      meanGap,
      instances: files.length,
      allFeasible,
      meanFirstFeasible,
    });
  }

  let day: PlannerBench['day'];
  if (process.env.BENCH_PLANNER_DAY !== '0') {
    day = courierDay();
    if (!day.valid) failures++;
  }
  return { failures, families, day };
}

/** The generated 1,000-job day in 60 s, then a re-plan after one STAT with a stability weight. */
function courierDay(): NonNullable<PlannerBench['day']> {
  const problem = generateCourierDay({ seed: 7, jobs: 1000, vehicles: 50 });
  let firstFeasible: number | undefined;
  const started = performance.now();
  const plan = solve(problem, {
    seed: 1,
    timeLimitMs: 60_000,
    onProgress: (p) => {
      if (p.feasible && firstFeasible === undefined) firstFeasible = p.elapsedMs / 1000;
    },
  });
  const seconds = (performance.now() - started) / 1000;
  const errors = checkPlan(problem, plan);
  const stops = plan.routes.reduce((n, r) => n + r.stops.length, 0);
  console.log(
    `\n  Courier day (generated, seed 7): 1,000 jobs, 50 drivers, skills, breaks, 2 compartments, ride limits: ${seconds.toFixed(1)} s, first feasible after ${firstFeasible?.toFixed(1) ?? 'never'} s, ${plan.unassigned.length} unassigned, ${plan.routes.filter((r) => r.stops.length).length} drivers used, longest route ${plan.objective.balance.toFixed(0)} min, ${plan.iterations} iterations, ${errors.length ? `INVALID: ${errors[0]}` : 'valid'}`,
  );
  // the re-plan: each job keeps its place as planned, one STAT is added (a copy of a mid-day job, 15 minutes later)
  const planned = new Map<string, { vehicleId: string; order: number }>();
  for (const r of plan.routes)
    r.stops.forEach((s, order) => {
      if (!planned.has(s.jobId)) planned.set(s.jobId, { vehicleId: r.vehicleId, order });
    });
  const base = problem.jobs[500] as PairJob;
  const shift = (s: PlannerStop): PlannerStop => ({ ...s, earliest: (s.earliest ?? 0) + 15, latest: (s.latest ?? 0) + 15 });
  const stat: PairJob = { ...base, id: 'stat-added', priority: 'stat', pickup: shift(base.pickup), dropoff: shift(base.dropoff) };
  const again: PlanningProblem = { ...problem, jobs: [...problem.jobs.map((j) => ({ ...j, planned: planned.get(j.id) })), stat] };
  const replan = solve(again, { seed: 2, timeLimitMs: 20_000, stability: 1000 });
  const replanErrors = checkPlan(again, replan);
  const movedShare = replan.objective.moved / Math.max(1, stops);
  console.log(
    `  Re-plan after one STAT (stability 1000 per moved stop, 20 s): ${replan.objective.moved} of ${stops} planned stops moved (${(movedShare * 100).toFixed(1)} %, target < 10 %), STAT ${replan.unassigned.some((u) => u.jobId === 'stat-added') ? 'NOT planned' : 'planned'}, ${replan.unassigned.length} unassigned, ${replanErrors.length ? `INVALID: ${replanErrors[0]}` : 'valid'}`,
  );
  return {
    seconds,
    firstFeasible,
    unassigned: plan.unassigned.length,
    valid: errors.length === 0 && replanErrors.length === 0,
    movedShare,
    replanUnassigned: replan.unassigned.length,
  };
}
