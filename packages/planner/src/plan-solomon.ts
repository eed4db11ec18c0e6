/**
 * `npm run plan:solomon -- FILE --seconds N [--seed S]`: solves one Solomon VRPTW file and prints, as its last
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
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--seconds') seconds = Number(args[++i]);
    else if (args[i] === '--seed') seed = Number(args[++i]);
    else file = args[i];
  }
  if (!file || !(seconds > 0) || !Number.isFinite(seed)) {
    console.error('usage: npm run plan:solomon -- FILE --seconds N [--seed S]');
    process.exit(2);
  }
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const inst = parseSolomon(readFileSync(path, 'utf8'));
  // the budget counts from the process's start (performance.now()), so that the whole run takes about N s
  const timeLimitMs = Math.max(100, seconds * 1000 - performance.now() - 100);
  const plan = solve(solomonProblem(inst), { timeLimitMs, seed });
  const routes = plan.routes.filter((r) => r.stops.length > 0).map((r) => r.stops.map((s) => Number(s.jobId)));
  console.error(
    `${inst.name}: distance ${plan.travelTime.toFixed(2)}, ${routes.length} vehicles, ${plan.unassigned.length} unassigned, ${plan.iterations} iterations in ${(plan.elapsedMs / 1000).toFixed(1)} s`,
  );
  console.log(`{"routes": ${JSON.stringify(routes)}}`);
}

main();
