import { describe, expect, it } from 'vitest';
import { canEject, Ejector } from './eject.js';
import { checkPlan, type PlanningProblem, solve } from './index.js';
import { buildModel, type Model } from './model.js';
import { makeRandom } from './rng.js';
import { Route } from './route.js';
import { plannedRoute } from './solve.js';

/**
 * A day with a known plan: `fleet` routes of `perRoute` stops laid out first, each stop's window a few minutes
 * around the time the planted route reaches it, every route loaded to (nearly) the same capacity, so that `fleet`
 * vehicles suffice while a greedy start needs more.
 */
function plantedDay(seed: number, fleet: number, perRoute: number, slack = 12): PlanningProblem {
  const rand = makeRandom(seed);
  const points: [number, number][] = [[50, 50]];
  const jobs: PlanningProblem['jobs'] = [];
  let capacity = 0;
  let end = 0;
  for (let v = 0; v < fleet; v++) {
    let time = 0;
    let at = points[0];
    let load = 0;
    for (let k = 0; k < perRoute; k++) {
      const p: [number, number] = [Math.floor(rand() * 100), Math.floor(rand() * 100)];
      time += Math.hypot(p[0] - at[0], p[1] - at[1]);
      // every planted route full to the unit: the fleet has no spare room
      const demand = k === perRoute - 1 ? Math.max(1, 10 * perRoute - load) : 5 + Math.floor(rand() * 11) - 5 * (load > 10 * k ? 1 : 0);
      load += demand;
      points.push(p);
      jobs.push({
        id: `j${jobs.length + 1}`,
        demand,
        stop: { location: points.length - 1, earliest: Math.max(0, time - slack), latest: time + slack, service: 10 },
      });
      time += 10;
      at = p;
    }
    capacity = Math.max(capacity, load);
    end = Math.max(end, time + Math.hypot(at[0] - 50, at[1] - 50));
  }
  const travelTime = points.map((a) => points.map((b) => Math.hypot(a[0] - b[0], a[1] - b[1])));
  const vehicles = Array.from({ length: fleet }, (_, v) => ({
    id: `v${v + 1}`,
    startLocation: 0,
    endLocation: 0,
    startTime: 0,
    latestReturn: Math.ceil(end) + slack,
    capacity,
  }));
  return { travelTime, vehicles, jobs };
}

function nearest(m: Model): Int32Array[] {
  return Array.from({ length: m.nStops }, (_, s) =>
    Int32Array.from(
      Array.from({ length: m.nStops }, (_, o) => o)
        .filter((o) => o !== s)
        .sort((a, b) => m.tt[m.loc[s] * m.nLocations + m.loc[a]] - m.tt[m.loc[s] * m.nLocations + m.loc[b]]),
    ),
  );
}

describe('guided ejection search', () => {
  it('fits every job of a planted day into its fleet, from nothing, where the greedy start leaves jobs out', () => {
    let greedyShort = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const problem = plantedDay(seed, 6, 9);
      const m = buildModel(problem);
      const routes = problem.vehicles.map((_, v) => new Route(v, m));
      expect(canEject(m, routes)).toBe(true);
      const all = problem.jobs.map((_, j) => j);
      const e = new Ejector(m, routes, all, makeRandom(seed), nearest(m));
      let calls = 0;
      expect(e.run(() => ++calls > 200_000)).toBe(true);
      expect(e.pool).toEqual([]);
      const plan = { routes: routes.map((r) => plannedRoute(problem, m, r)), unassigned: [], travelTime: 0 };
      plan.travelTime = plan.routes.reduce((sum, r) => sum + r.travelTime, 0);
      expect(checkPlan(problem, plan)).toEqual([]);
      if (solve(problem, { seed, maxIterations: 0, timeLimitMs: 1 }).unassigned.length > 0) greedyShort++;
    }
    // the days are hard enough that the construction alone (cut before the ejection search) leaves jobs out
    expect(greedyShort).toBeGreaterThan(0);
  });

  it('makes the planner serve a planted day with its planted fleet, checked independently', () => {
    const problem = plantedDay(11, 8, 10, 40);
    // the ejection search runs until everything fits (here well inside the time box), so the run is deterministic
    const plan = solve(problem, { seed: 3, maxIterations: 100, timeLimitMs: 30_000 });
    expect(checkPlan(problem, plan)).toEqual([]);
    expect(plan.unassigned).toEqual([]);
  });

  it('leaves out a job no vehicle can carry, and fits the rest', () => {
    const problem = plantedDay(5, 4, 8, 40);
    problem.jobs[3] = { ...problem.jobs[3], demand: 10_000 };
    const plan = solve(problem, { seed: 1, maxIterations: 100, timeLimitMs: 30_000 });
    expect(checkPlan(problem, plan)).toEqual([]);
    expect(plan.unassigned).toEqual([{ jobId: problem.jobs[3].id, reason: 'over_capacity' }]);
  });

  it('is not used where pairs, breaks or ride limits need the full check', () => {
    const problem = plantedDay(2, 3, 5);
    problem.vehicles[0] = { ...problem.vehicles[0], break: { duration: 30, earliest: 60, latest: 120 } };
    const m = buildModel(problem);
    expect(
      canEject(
        m,
        problem.vehicles.map((_, v) => new Route(v, m)),
      ),
    ).toBe(false);
  });
});
