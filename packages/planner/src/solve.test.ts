import { describe, expect, it } from 'vitest';
import {
  checkPlan,
  generatePdpDay,
  type Plan,
  type PlannerJob,
  type PlannerStop,
  type PlanningProblem,
  PlannerInputError,
  solve,
} from './index.js';
import { makeRandom } from './rng.js';

/** places on a line: travel time = distance between the numbers */
const line = (xs: number[]) => xs.map((a) => xs.map((b) => Math.abs(a - b)));

function planned(plan: Plan): string[][] {
  return plan.routes.map((r) => r.stops.map((s) => `${s.kind}:${s.jobId}`));
}

function expectValid(problem: PlanningProblem, plan: Plan) {
  expect(checkPlan(problem, plan)).toEqual([]);
}

describe('solve: hard constraints', () => {
  it('keeps a job restricted to a vehicle on that vehicle, even when another twin vehicle is nearer', () => {
    const problem: PlanningProblem = {
      travelTime: line([0, 10, 20]),
      vehicles: [
        { id: 'a', startLocation: 0, startTime: 0, endLocation: 0, latestReturn: 1000 },
        { id: 'b', startLocation: 0, startTime: 0, endLocation: 0, latestReturn: 1000 },
      ],
      jobs: [
        { id: 'free', pickup: { location: 1 }, dropoff: { location: 2 } },
        { id: 'mine', vehicleId: 'b', pickup: { location: 1 }, dropoff: { location: 2 } },
        { id: 'tight', vehicleId: 'a', stop: { location: 2, latest: 5 } },
      ],
    };
    const plan = solve(problem, { maxIterations: 200 });
    expectValid(problem, plan);
    expect(plan.routes[1].stops.map((s) => s.jobId)).toContain('mine');
    expect(plan.unassigned).toEqual([{ jobId: 'tight', reason: 'no_window_fits' }]);
    expect(
      checkPlan(problem, { ...plan, routes: [plan.routes[1], plan.routes[0]].map((r, i) => ({ ...r, vehicleId: ['a', 'b'][i] })) }),
    ).toContainEqual(expect.stringContaining('may only go on b'));
    expect(() => solve({ ...problem, jobs: [{ id: 'x', vehicleId: 'zz', stop: { location: 1 } }] })).toThrow(PlannerInputError);
  });

  it('serves each stop inside its window, waiting when early, and says when no window can be met', () => {
    const problem: PlanningProblem = {
      travelTime: line([0, 10, 20, 100]),
      vehicles: [{ id: 'v', startLocation: 0, startTime: 0, endLocation: 0, latestReturn: 1000 }],
      jobs: [
        { id: 'late-open', stop: { location: 2, earliest: 50, latest: 60, service: 5 } },
        { id: 'early', stop: { location: 1, earliest: 0, latest: 15, service: 5 } },
        // 100 away from the start: cannot be reached by 50
        { id: 'unreachable', stop: { location: 3, earliest: 0, latest: 50 } },
      ],
    };
    const plan = solve(problem, { maxIterations: 200 });
    expectValid(problem, plan);
    expect(planned(plan)).toEqual([['stop:early', 'stop:late-open']]);
    const [early, lateOpen] = plan.routes[0].stops;
    expect(early.arrival).toBe(10);
    expect(lateOpen.arrival).toBe(25);
    expect(lateOpen.wait).toBe(25);
    expect(lateOpen.start).toBe(50);
    expect(lateOpen.departure).toBe(55);
    expect(plan.routes[0].returnTime).toBe(75);
    expect(plan.unassigned).toEqual([{ jobId: 'unreachable', reason: 'no_window_fits' }]);
  });

  it('keeps the load within capacity: splits jobs between vehicles, and names over-capacity and no-vehicle jobs', () => {
    const problem: PlanningProblem = {
      travelTime: line([0, 5, 6, 7]),
      vehicles: [
        { id: 'a', startLocation: 0, startTime: 0, endLocation: 0, latestReturn: 100, capacity: 4 },
        { id: 'b', startLocation: 0, startTime: 0, endLocation: 0, latestReturn: 100, capacity: 4 },
      ],
      jobs: [
        { id: 'p1', demand: 3, pickup: { location: 1 }, dropoff: { location: 3 } },
        { id: 'p2', demand: 3, pickup: { location: 2 }, dropoff: { location: 3 } },
        { id: 'p3', demand: 3, pickup: { location: 1 }, dropoff: { location: 2 } },
        { id: 'huge', demand: 5, stop: { location: 1 } },
      ],
    };
    const plan = solve(problem, { maxIterations: 300 });
    expectValid(problem, plan);
    for (const r of plan.routes) for (const s of r.stops) expect(s.load).toBeLessThanOrEqual(4);
    // two vehicles, three pairs of 3 units on a line: one pair per vehicle at a time; all three fit in sequence
    expect(plan.unassigned).toEqual([{ jobId: 'huge', reason: 'over_capacity' }]);

    const one = { ...problem, vehicles: [{ ...problem.vehicles[0], latestReturn: 14 }] };
    const tight = solve(one, { maxIterations: 300 });
    expectValid(one, tight);
    // one vehicle home by 14: p3 then p2 (0 5 6 6 7 0: 14); p1 alone would fit (0 5 7 0: 14) but not with them
    expect(planned(tight)).toEqual([['pickup:p3', 'dropoff:p3', 'pickup:p2', 'dropoff:p2']]);
    expect(tight.unassigned).toEqual([
      { jobId: 'p1', reason: 'no_vehicle' },
      { jobId: 'huge', reason: 'over_capacity' },
    ]);
  });

  it('single stops count against capacity from the start of the route', () => {
    const problem: PlanningProblem = {
      travelTime: line([0, 1, 2]),
      vehicles: [{ id: 'a', startLocation: 0, startTime: 0, endLocation: 0, latestReturn: 100, capacity: 5 }],
      jobs: [
        { id: 's1', demand: 3, stop: { location: 1 } },
        { id: 's2', demand: 3, stop: { location: 2 } },
      ],
    };
    const plan = solve(problem, { maxIterations: 50 });
    expectValid(problem, plan);
    expect(plan.routes[0].stops).toHaveLength(1);
    expect(plan.unassigned).toEqual([{ jobId: expect.any(String), reason: 'no_vehicle' }]);
  });

  it('picks up before dropping off, on the same vehicle, even when the drop-off lies on the way', () => {
    // the drop-offs lie between the start and their pickups
    const problem: PlanningProblem = {
      travelTime: line([0, 10, 20, 30, 40]),
      vehicles: [
        { id: 'a', startLocation: 0, startTime: 0, endLocation: 0, latestReturn: 1000 },
        { id: 'b', startLocation: 0, startTime: 0, endLocation: 0, latestReturn: 1000 },
      ],
      jobs: [
        { id: 'x', pickup: { location: 4, service: 2 }, dropoff: { location: 1, service: 2 } },
        { id: 'y', pickup: { location: 3, service: 2 }, dropoff: { location: 2, service: 2 } },
      ],
    };
    const plan = solve(problem, { maxIterations: 200 });
    expectValid(problem, plan);
    for (const job of ['x', 'y']) {
      const route = plan.routes.find((r) => r.stops.some((s) => s.jobId === job));
      const kinds = route?.stops.filter((s) => s.jobId === job).map((s) => s.kind);
      expect(kinds).toEqual(['pickup', 'dropoff']);
    }
    expect(plan.travelTime).toBe(80);
  });

  it('brings the vehicle back by its latest return, leaving out what cannot be done in time', () => {
    const problem: PlanningProblem = {
      travelTime: line([0, 10, 30]),
      vehicles: [{ id: 'a', startLocation: 0, startTime: 0, endLocation: 0, latestReturn: 45 }],
      jobs: [
        { id: 'near', stop: { location: 1, service: 5 } },
        // 30 there, 30 back: 60 > 45 even alone
        { id: 'far', stop: { location: 2 } },
      ],
    };
    const plan = solve(problem, { maxIterations: 50 });
    expectValid(problem, plan);
    expect(plan.routes[0].returnTime).toBe(25);
    expect(plan.unassigned).toEqual([{ jobId: 'far', reason: 'no_window_fits' }]);

    // ending at the far place instead, both fit: 0 -> 10 (+5) -> 30, at the end place at 35
    const moved = { ...problem, vehicles: [{ ...problem.vehicles[0], endLocation: 2, latestReturn: 35 }] };
    const plan2 = solve(moved, { maxIterations: 50 });
    expectValid(moved, plan2);
    expect(planned(plan2)).toEqual([['stop:near', 'stop:far']]);
    expect(plan2.routes[0].returnTime).toBe(35);
    expect(plan2.unassigned).toEqual([]);
  });

  it('leaves as late as the first stop allows, never before the start time', () => {
    const problem: PlanningProblem = {
      travelTime: line([0, 10]),
      vehicles: [{ id: 'a', startLocation: 0, startTime: 5, endLocation: 0, latestReturn: 1000 }],
      jobs: [{ id: 'j', stop: { location: 1, earliest: 100, latest: 120 } }],
    };
    const plan = solve(problem, { maxIterations: 10 });
    expectValid(problem, plan);
    expect(plan.routes[0].departure).toBe(90);
    expect(plan.routes[0].stops[0].wait).toBe(0);
  });

  it('rejects bad input naming the field', () => {
    const base: PlanningProblem = {
      travelTime: line([0, 1]),
      vehicles: [{ id: 'a', startLocation: 0, startTime: 0, endLocation: 0, latestReturn: 10 }],
      jobs: [{ id: 'j', stop: { location: 1 } }],
    };
    const bad = (patch: Partial<PlanningProblem>) => () => solve({ ...base, ...patch }, { maxIterations: 1 });
    expect(bad({ jobs: [{ id: 'j', stop: { location: 7 } }] })).toThrow(/jobs\[0\]\.stop\.location/);
    expect(bad({ jobs: [{ id: 'j', stop: { location: 1, earliest: 5, latest: 1 } }] })).toThrow(/jobs\[0\]\.stop\.latest/);
    expect(bad({ jobs: [{ id: 'j', pickup: { location: 1 } } as unknown as PlannerJob] })).toThrow(/jobs\[0\]\.dropoff/);
    expect(bad({ vehicles: [{ ...base.vehicles[0], startTime: Number.NaN }] })).toThrow(PlannerInputError);
    expect(bad({ travelTime: [[0, 1], [1]] })).toThrow(/travelTime\[1\]/);
  });

  it('answers every job with no_vehicle when there are no vehicles', () => {
    const problem: PlanningProblem = { travelTime: line([0, 1]), vehicles: [], jobs: [{ id: 'j', stop: { location: 1 } }] };
    expect(solve(problem).unassigned).toEqual([{ jobId: 'j', reason: 'no_vehicle' }]);
  });
});

describe('solve: STAT jobs', () => {
  it('takes a STAT job even when that leaves normal jobs out', () => {
    // one vehicle; normal jobs fill the morning at one end of town, the STAT is at the other end at the same time
    const problem: PlanningProblem = {
      travelTime: line([0, 50, -50]),
      vehicles: [{ id: 'a', startLocation: 0, startTime: 0, endLocation: 0, latestReturn: 200 }],
      jobs: [
        { id: 'n1', stop: { location: 1, earliest: 50, latest: 60, service: 1 } },
        { id: 'n2', stop: { location: 1, earliest: 50, latest: 60, service: 1 } },
        { id: 'n3', stop: { location: 1, earliest: 50, latest: 60, service: 1 } },
        { id: 'stat', priority: 'stat', stop: { location: 2, earliest: 50, latest: 60, service: 1 } },
      ],
    };
    for (const seed of [1, 2, 3]) {
      const plan = solve(problem, { seed, maxIterations: 100 });
      expectValid(problem, plan);
      expect(planned(plan)).toEqual([['stop:stat']]);
      expect(plan.unassigned.map((u) => u.reason)).toEqual(['no_vehicle', 'no_vehicle', 'no_vehicle']);
    }
  });

  it('never leaves a STAT out when a vehicle could take it, on random crowded days', () => {
    for (const seed of [11, 12, 13]) {
      const problem = generatePdpDay({ seed, jobs: 60, vehicles: 2, statShare: 0.2 });
      const plan = solve(problem, { seed, maxIterations: 150 });
      expectValid(problem, plan);
      expect(plan.unassigned.length).toBeGreaterThan(0);
      const stat = new Set(problem.jobs.filter((j) => j.priority === 'stat').map((j) => j.id));
      for (const u of plan.unassigned) {
        // a STAT left out must be one no vehicle could take even alone
        if (stat.has(u.jobId)) expect(u.reason).not.toBe('no_vehicle');
      }
    }
  });
});

/** Brute force: every assignment of jobs to vehicles (or out), every order of each vehicle's stops. */
function enumerateOptimum(problem: PlanningProblem): { out: number; cost: number } {
  const t = problem.travelTime as number[][];
  type Visit = PlannerStop & { kind: 'stop' | 'pickup' | 'dropoff'; job: PlannerJob };
  const stopsOf = (job: PlannerJob): Visit[] =>
    job.stop
      ? [{ ...job.stop, kind: 'stop', job }]
      : [
          { ...job.pickup, kind: 'pickup', job },
          { ...job.dropoff, kind: 'dropoff', job },
        ];
  const routeCost = (vi: number, jobs: PlannerJob[]): number => {
    const v = problem.vehicles[vi];
    const stops = jobs.flatMap(stopsOf);
    let best = Number.POSITIVE_INFINITY;
    const used = new Array(stops.length).fill(false);
    const initial = jobs.filter((j) => j.stop).reduce((s, j) => s + ((j.demand as number | undefined) ?? 0), 0);
    if (initial > ((v.capacity as number | undefined) ?? Number.POSITIVE_INFINITY)) return best;
    const walk = (depth: number, place: number, time: number, load: number, cost: number, onBoard: Set<PlannerJob>) => {
      if (depth === stops.length) {
        if (time + t[place][v.endLocation] <= v.latestReturn + 1e-9) best = Math.min(best, cost + t[place][v.endLocation]);
        return;
      }
      for (let k = 0; k < stops.length; k++) {
        if (used[k]) continue;
        const s = stops[k];
        if (s.kind === 'dropoff' && !onBoard.has(s.job)) continue;
        const q = (s.job.demand as number | undefined) ?? 0;
        const newLoad = s.kind === 'pickup' ? load + q : load - q;
        if (newLoad > ((v.capacity as number | undefined) ?? Number.POSITIVE_INFINITY)) continue;
        const start = Math.max(time + t[place][s.location], s.earliest ?? Number.NEGATIVE_INFINITY);
        if (start > (s.latest ?? Number.POSITIVE_INFINITY)) continue;
        used[k] = true;
        if (s.kind === 'pickup') onBoard.add(s.job);
        walk(depth + 1, s.location, start + (s.service ?? 0), newLoad, cost + t[place][s.location], onBoard);
        if (s.kind === 'pickup') onBoard.delete(s.job);
        used[k] = false;
      }
    };
    walk(0, v.startLocation, v.startTime, initial, 0, new Set());
    return best;
  };
  const V = problem.vehicles.length;
  let best = { out: Number.POSITIVE_INFINITY, cost: Number.POSITIVE_INFINITY };
  const assign = new Array(problem.jobs.length).fill(0);
  const combos = (V + 1) ** problem.jobs.length;
  for (let c = 0; c < combos; c++) {
    let x = c;
    for (let j = 0; j < assign.length; j++) {
      assign[j] = x % (V + 1);
      x = Math.floor(x / (V + 1));
    }
    const out = assign.filter((a) => a === V).length;
    if (out > best.out) continue;
    let cost = 0;
    for (let v = 0; v < V && cost < Number.POSITIVE_INFINITY; v++) {
      const jobs = problem.jobs.filter((_, j) => assign[j] === v);
      if (jobs.length) cost += routeCost(v, jobs);
    }
    if (cost === Number.POSITIVE_INFINITY) continue;
    if (out < best.out || cost < best.cost) best = { out, cost };
  }
  return best;
}

function tinyProblem(seed: number, pairs: boolean): PlanningProblem {
  const rand = makeRandom(seed);
  const n = pairs ? 8 : 6;
  const pts = Array.from({ length: n + 1 }, () => [Math.round(rand() * 100), Math.round(rand() * 100)]);
  const travelTime = pts.map((a) => pts.map((b) => Math.hypot(a[0] - b[0], a[1] - b[1])));
  const window = () => {
    const e = Math.round(rand() * 200);
    return { earliest: e, latest: e + 40 + Math.round(rand() * 150), service: 10 };
  };
  const jobs: PlannerJob[] = pairs
    ? [0, 1, 2, 3].map((k) => {
        const pickup = { location: 1 + 2 * k, ...window() };
        const due = pickup.latest + 60 + Math.round(rand() * 200);
        return {
          id: `p${k}`,
          demand: 1 + Math.floor(rand() * 3),
          pickup,
          dropoff: { location: 2 + 2 * k, earliest: 0, latest: due, service: 5 },
        };
      })
    : Array.from({ length: n }, (_, k) => ({ id: `s${k}`, demand: 1 + Math.floor(rand() * 4), stop: { location: k + 1, ...window() } }));
  return {
    travelTime,
    jobs,
    vehicles: ['a', 'b'].map((id) => ({ id, startLocation: 0, startTime: 0, endLocation: 0, latestReturn: 600, capacity: pairs ? 4 : 8 })),
  };
}

describe('solve: optimum of tiny instances, known by enumeration', () => {
  for (const pairs of [false, true]) {
    it(`finds it on ${pairs ? 'pickup-and-delivery' : 'single-stop'} instances`, () => {
      for (let seed = 1; seed <= 6; seed++) {
        const problem = tinyProblem(seed * 7 + (pairs ? 100 : 0), pairs);
        const optimum = enumerateOptimum(problem);
        const plan = solve(problem, { seed, maxIterations: 400, timeLimitMs: 20_000 });
        expectValid(problem, plan);
        expect(plan.unassigned.length).toBe(optimum.out);
        expect(plan.travelTime).toBeCloseTo(optimum.cost, 6);
      }
    });
  }
});

describe('solve: search', () => {
  it('is deterministic for a seed', () => {
    const problem = generatePdpDay({ seed: 5, jobs: 40, vehicles: 4 });
    const a = solve(problem, { seed: 42, maxIterations: 300, timeLimitMs: 60_000 });
    const b = solve(problem, { seed: 42, maxIterations: 300, timeLimitMs: 60_000 });
    expect(a.iterations).toBe(300);
    expect({ ...a, elapsedMs: 0 }).toEqual({ ...b, elapsedMs: 0 });
    const c = solve(problem, { seed: 43, maxIterations: 300, timeLimitMs: 60_000 });
    expectValid(problem, c);
  });

  it('honours the time box', () => {
    const problem = generatePdpDay({ seed: 3, jobs: 120, vehicles: 8 });
    const started = performance.now();
    const plan = solve(problem, { seed: 1, timeLimitMs: 700 });
    const took = performance.now() - started;
    expectValid(problem, plan);
    expect(plan.iterations).toBeGreaterThan(0);
    // the search stops within one iteration of the limit (a few ms; generous for a loaded machine)
    expect(took).toBeLessThan(700 + 400);
  });

  it('plans a 300-job (600-stop) pickup-and-delivery day for 15 drivers within 5 s', () => {
    const problem = generatePdpDay({ seed: 7, jobs: 300, vehicles: 15 });
    const started = performance.now();
    const plan = solve(problem, { seed: 1, timeLimitMs: 4000 });
    const took = performance.now() - started;
    expect(took).toBeLessThan(5000);
    expectValid(problem, plan);
    expect(plan.unassigned).toEqual([]);
    expect(plan.routes.reduce((n, r) => n + r.stops.length, 0)).toBe(600);
  });
});
