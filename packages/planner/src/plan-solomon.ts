/**
 * `npm run plan:solomon -- FILE --seconds N [--vehicles K] [--seed S]`: solves one Solomon VRPTW file and prints, as its last
 * line, `{"routes": [[customer numbers in visiting order], ...]}`. A summary goes to stderr.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseSolomon, solomonProblem, solve } from './index.js';

function main() {
  const args = process.argv.slice(2);
  let file: string | undefined;
  let seconds = 10;
  let seed = 1;
  let vehicles: number | undefined;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--seconds') seconds = Number(args[++i]);
    else if (args[i] === '--seed') seed = Number(args[++i]);
    else if (args[i] === '--vehicles') vehicles = Number(args[++i]);
    else file = args[i];
  }
  if (!file || !(seconds > 0) || !Number.isFinite(seed) || (vehicles !== undefined && !(vehicles >= 1))) {
    console.error('usage: npm run plan:solomon -- FILE --seconds N [--vehicles K] [--seed S]');
    process.exit(2);
  }
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const inst = parseSolomon(readFileSync(path, 'utf8'));
  // the budget counts from the process's start (performance.now()), so that the whole run takes about N s
  const timeLimitMs = Math.max(100, seconds * 1000 - performance.now() - 100);
  // without --vehicles: the file's fleet, at most 25 for Solomon's 100-customer files as before
  const fleet = vehicles ?? (inst.customers.length <= 101 ? 25 : inst.vehicles);
  let firstFeasibleMs: number | undefined;
  const plan = solve(solomonProblem(inst, fleet), {
    timeLimitMs,
    seed,
    onProgress: (p) => {
      if (p.feasible && firstFeasibleMs === undefined) firstFeasibleMs = p.elapsedMs;
    },
  });
  const routes = plan.routes.filter((r) => r.stops.length > 0).map((r) => r.stops.map((s) => Number(s.jobId)));
  console.error(
    `${inst.name}: distance ${plan.travelTime.toFixed(2)}, ${routes.length} vehicles, ${plan.unassigned.length} unassigned, ${plan.iterations} iterations in ${(plan.elapsedMs / 1000).toFixed(1)} s, first feasible ${firstFeasibleMs === undefined ? 'never' : `${(firstFeasibleMs / 1000).toFixed(2)} s`}`,
  );
  console.log(`{"routes": ${JSON.stringify(routes)}}`);
}

main();
