import { describe, expect, it } from 'vitest';
import { checkPlan, generateCourierDay, type Plan, type PlanningProblem, solve } from './index.js';

/** places on a line: travel time = distance between the numbers */
const line = (xs: number[]) => xs.map((a) => xs.map((b) => Math.abs(a - b)));

const valid = (problem: PlanningProblem, plan: Plan) => expect(checkPlan(problem, plan)).toEqual([]);
const jobsOn = (plan: Plan, i: number) => [...new Set(plan.routes[i].stops.map((s) => s.jobId))];

describe('skills', () => {
  const problem: PlanningProblem = {
    travelTime: line([0, 10, 20, 30]),
    vehicles: [
      { id: 'plain', startLocation: 0, startTime: 0, endLocation: 0, latestReturn: 1000, skills: ['un3373_trained'] },
      { id: 'cold', startLocation: 0, startTime: 0, endLocation: 0, latestReturn: 1000, skills: ['refrigerated', 'un3373_trained'] },
    ],
    jobs: [
      { id: 'frozen-blood', skills: ['refrigerated', 'un3373_trained'], pickup: { location: 1 }, dropoff: { location: 2 } },
      { id: 'controlled', skills: ['controlled_substance'], stop: { location: 3 } },
      { id: 'any', pickup: { location: 1 }, dropoff: { location: 3 } },
    ],
  };

  it('puts a job only on a vehicle with every skill it needs, and says no_skill when none has them', () => {
    const plan = solve(problem, { maxIterations: 300 });
    valid(problem, plan);
    expect(jobsOn(plan, 1)).toContain('frozen-blood');
    expect(plan.unassigned).toEqual([{ jobId: 'controlled', reason: 'no_skill' }]);
  });

  it('the checker refuses a job on a vehicle without the skill', () => {
    const plan = solve(problem, { maxIterations: 300 });
    const swapped = { ...plan, routes: plan.routes.map((r, i) => ({ ...r, vehicleId: problem.vehicles[1 - i].id })).reverse() };
    expect(checkPlan(problem, swapped).join('\n')).toMatch(/needs skill refrigerated, plain lacks it/);
  });
});

describe('capacity in several dimensions', () => {
  // four cold parcels of 1 from the same clinic to the same lab; the van has 2 cold units and plenty of general room
  const problem: PlanningProblem = {
    travelTime: line([0, 10, 50]),
    vehicles: [{ id: 'van', startLocation: 0, startTime: 0, endLocation: 0, latestReturn: 10_000, capacity: [10, 2] }],
    jobs: [
      ...['a', 'b', 'c', 'd'].map((id) => ({ id, demand: [0, 1], pickup: { location: 1 }, dropoff: { location: 2 } })),
      { id: 'box', demand: 9, pickup: { location: 1 }, dropoff: { location: 2 } },
    ],
  };

  it('checks every dimension at every stop: never more than 2 cold units on board', () => {
    const plan = solve(problem, { maxIterations: 500 });
    valid(problem, plan);
    expect(plan.unassigned).toEqual([]);
    for (const s of plan.routes[0].stops) {
      expect(s.loads).toHaveLength(2);
      expect((s.loads as number[])[1]).toBeLessThanOrEqual(2);
    }
    // two trips: 0 -> 1 -> 2 -> 1 -> 2 -> 0
    expect(plan.routes[0].stops.filter((s) => s.kind === 'dropoff' && s.location === 2).length).toBe(5);
    expect(plan.travelTime).toBeCloseTo(180);
  });

  it('the checker refuses a plan over a dimension and one whose reported loads differ', () => {
    const plan = solve(problem, { maxIterations: 500 });
    const smaller: PlanningProblem = { ...problem, vehicles: [{ ...problem.vehicles[0], capacity: [10, 1] }] };
    expect(checkPlan(smaller, plan).join('\n')).toMatch(/over capacity 1 in dimension 1/);
    const tampered = structuredClone(plan);
    (tampered.routes[0].stops[0].loads as number[])[1] = 7;
    expect(checkPlan(problem, tampered).join('\n')).toMatch(/reported loads/);
  });

  it('says over_capacity for a job that no compartment can hold', () => {
    const plan = solve({ ...problem, jobs: [{ id: 'huge', demand: [0, 3], stop: { location: 1 } }] }, { maxIterations: 10 });
    expect(plan.unassigned).toEqual([{ jobId: 'huge', reason: 'over_capacity' }]);
  });
});

describe('breaks', () => {
  const problem: PlanningProblem = {
    travelTime: line([0, 10, 20, 30, 40]),
    vehicles: [
      {
        id: 'v',
        startLocation: 0,
        startTime: 0,
        endLocation: 0,
        latestReturn: 400,
        break: { duration: 30, earliest: 100, latest: 120 },
      },
    ],
    jobs: [
      { id: 'p1', stop: { location: 1, earliest: 0, latest: 60, service: 20 } },
      { id: 'p2', stop: { location: 2, earliest: 90, latest: 110, service: 20 } },
      { id: 'p3', stop: { location: 3, earliest: 130, latest: 200, service: 20 } },
      { id: 'p4', stop: { location: 4, earliest: 0, latest: 260, service: 20 } },
    ],
  };

  it('places the break inside its window, between stops, and the stops after it move by its length', () => {
    const plan = solve(problem, { maxIterations: 300 });
    valid(problem, plan);
    expect(plan.unassigned).toEqual([]);
    const r = plan.routes[0];
    expect(r.breakStart).toBeGreaterThanOrEqual(100);
    expect(r.breakStart).toBeLessThanOrEqual(120);
    const before = r.stops.filter((s) => s.departure <= (r.breakStart as number));
    const after = r.stops.filter((s) => s.departure > (r.breakStart as number));
    expect(before.length + after.length).toBe(4);
    if (after.length) expect(after[0].arrival).toBeGreaterThanOrEqual((r.breakStart as number) + 30);
  });

  it('leaves out what the break makes impossible', () => {
    // a stop whose window is exactly the break's: one of the two cannot happen, and the break is not optional
    const p: PlanningProblem = { ...problem, jobs: [{ id: 'noon', stop: { location: 1, earliest: 100, latest: 100, service: 60 } }] };
    const plan = solve(p, { maxIterations: 50 });
    valid(p, plan);
    expect(plan.unassigned.map((u) => u.jobId)).toEqual(['noon']);
  });

  it('the checker refuses a missing break, one outside its window and one taken while serving a stop', () => {
    const plan = solve(problem, { maxIterations: 300 });
    const r = plan.routes[0];
    const without = { ...plan, routes: [{ ...r, breakStart: undefined }] };
    expect(checkPlan(problem, without).join('\n')).toMatch(/no break planned/);
    const outside: PlanningProblem = {
      ...problem,
      vehicles: [{ ...problem.vehicles[0], break: { duration: 30, earliest: 200, latest: 220 } }],
    };
    expect(checkPlan(outside, plan).join('\n')).toMatch(/outside 200-220/);
    const busy = { ...plan, routes: [{ ...r, breakStart: (r.breakStart as number) - 15 }] };
    expect(checkPlan(problem, busy).length).toBeGreaterThan(0);
    const longer: PlanningProblem = {
      ...problem,
      vehicles: [{ ...problem.vehicles[0], break: { duration: 45, earliest: 100, latest: 120 } }],
    };
    expect(checkPlan(longer, plan).length).toBeGreaterThan(0);
  });

  it('an empty route needs no break, and a break whose window closed before the start is taken already', () => {
    const late: PlanningProblem = {
      ...problem,
      vehicles: [{ ...problem.vehicles[0], startTime: 150 }],
      jobs: [{ id: 'x', stop: { location: 1 } }],
    };
    const plan = solve(late, { maxIterations: 10 });
    valid(late, plan);
    expect(plan.routes[0].breakStart).toBeUndefined();
    const none = solve({ ...problem, jobs: [] });
    valid({ ...problem, jobs: [] }, none);
  });
});

describe('max time on board', () => {
  // from 1 to 4; another pair 2 -> 3 on the way adds nothing, a detour to 9 would add much
  const problem: PlanningProblem = {
    travelTime: line([0, 10, 20, 30, 40, 90]),
    vehicles: [{ id: 'v', startLocation: 0, startTime: 0, endLocation: 0, latestReturn: 10_000 }],
    jobs: [
      { id: 'specimen', maxRide: 45, pickup: { location: 1, service: 5 }, dropoff: { location: 4 } },
      { id: 'far', pickup: { location: 5 }, dropoff: { location: 2 } },
    ],
  };

  it('keeps every ride within its limit, from pickup departure to drop-off start', () => {
    const plan = solve(problem, { maxIterations: 300 });
    valid(problem, plan);
    expect(plan.unassigned).toEqual([]);
    const stops = plan.routes[0].stops;
    const pick = stops.find((s) => s.jobId === 'specimen' && s.kind === 'pickup');
    const drop = stops.find((s) => s.jobId === 'specimen' && s.kind === 'dropoff');
    expect((drop?.start as number) - (pick?.departure as number)).toBeLessThanOrEqual(45);
  });

  it('the checker refuses a ride over the limit', () => {
    const plan = solve(problem, { maxIterations: 300 });
    const tighter: PlanningProblem = { ...problem, jobs: [{ ...problem.jobs[0], maxRide: 20 }, problem.jobs[1]] };
    expect(checkPlan(tighter, plan).join('\n')).toMatch(/specimen rides 30, longer than its limit 20/);
  });

  it('leaves out a job whose direct ride is already too long', () => {
    const p: PlanningProblem = { ...problem, jobs: [{ ...problem.jobs[0], maxRide: 10 }] };
    const plan = solve(p, { maxIterations: 20 });
    expect(plan.unassigned.map((u) => u.jobId)).toEqual(['specimen']);
  });
});

describe('balance', () => {
  // eight stops along a line: one vehicle sweeping them all drives least; balance spreads them
  const problem: PlanningProblem = {
    travelTime: line([0, 10, 11, 12, 13, 14, 15, 16, 17]),
    vehicles: ['a', 'b'].map((id) => ({ id, startLocation: 0, startTime: 0, endLocation: 0, latestReturn: 10_000 })),
    jobs: [1, 2, 3, 4, 5, 6, 7, 8].map((l) => ({ id: `j${l}`, stop: { location: l, service: 30 } })),
  };

  it('evens out route durations when asked (min-max), and reports the longest route', () => {
    const cheap = solve(problem, { maxIterations: 500 });
    const even = solve(problem, { maxIterations: 500, balance: 10 });
    valid(problem, cheap);
    valid(problem, even);
    expect(cheap.routes.filter((r) => r.stops.length).length).toBe(1);
    expect(even.routes.every((r) => r.stops.length > 0)).toBe(true);
    expect(even.objective.balance).toBeLessThan(cheap.objective.balance);
    expect(cheap.objective.balance).toBe(
      cheap.routes[0].returnTime - cheap.routes[0].departure || cheap.routes[1].returnTime - cheap.routes[1].departure,
    );
  });

  it('the checker refuses a wrong objective', () => {
    const plan = solve(problem, { maxIterations: 100 });
    expect(checkPlan(problem, { ...plan, objective: { ...plan.objective, balance: 1 } }).join('\n')).toMatch(/objective: balance/);
    expect(checkPlan(problem, { ...plan, objective: { ...plan.objective, moved: 3 } }).join('\n')).toMatch(/objective: moved/);
  });
});

describe('re-planning', () => {
  it('with a stability weight, adding a STAT moves few of the planned stops', () => {
    const day = generateCourierDay({ jobs: 120, vehicles: 8, seed: 3 });
    const first = solve(day, { maxIterations: 400, seed: 1 });
    valid(day, first);
    const planned = new Map<string, { vehicleId: string; order: number }>();
    for (const r of first.routes)
      r.stops.forEach((s, order) => {
        if (!planned.has(s.jobId)) planned.set(s.jobId, { vehicleId: r.vehicleId, order });
      });
    const stat = { ...day.jobs[0], id: 'stat-1', priority: 'stat' as const, planned: undefined };
    const again: PlanningProblem = {
      ...day,
      jobs: [...day.jobs.map((j) => ({ ...j, planned: planned.get(j.id) })), stat],
    };
    const replan = solve(again, { maxIterations: 400, seed: 2, stability: 1000 });
    valid(again, replan);
    const stops = first.routes.reduce((n, r) => n + r.stops.length, 0);
    expect(replan.unassigned.map((u) => u.jobId)).not.toContain('stat-1');
    expect(replan.objective.moved / stops).toBeLessThan(0.1);
    const loose = solve(again, { maxIterations: 400, seed: 2 });
    expect(loose.objective.moved).toBeGreaterThan(replan.objective.moved);
  });

  it('keeps a parcel on board on its vehicle (a single drop-off pinned to it) and drops it', () => {
    const problem: PlanningProblem = {
      travelTime: line([0, 10, 20, 30]),
      vehicles: ['a', 'b'].map((id) => ({ id, startLocation: 0, startTime: 0, endLocation: 0, latestReturn: 1000, capacity: [2, 1] })),
      jobs: [
        { id: 'on-board', vehicleId: 'b', demand: [0, 1], stop: { location: 3 } },
        { id: 'cold-new', demand: [0, 1], pickup: { location: 1 }, dropoff: { location: 2 } },
      ],
    };
    const plan = solve(problem, { maxIterations: 200 });
    valid(problem, plan);
    expect(jobsOn(plan, 1)).toContain('on-board');
    // b's cold unit is taken until the drop at 3: the new cold job goes on a, or after the drop
    expect(plan.unassigned).toEqual([]);
  });

  it('stops on an aborted signal with a valid plan, and reports progress', () => {
    const day = generateCourierDay({ jobs: 150, vehicles: 10 });
    const controller = new AbortController();
    const seen: number[] = [];
    const started = performance.now();
    const plan = solve(day, {
      timeLimitMs: 60_000,
      signal: controller.signal,
      onProgress: (p) => {
        seen.push(p.iteration);
        if (p.iteration > 20) controller.abort();
      },
    });
    expect(performance.now() - started).toBeLessThan(20_000);
    valid(day, plan);
    expect(seen.length).toBeGreaterThan(0);
  });
});

describe('a generated courier day', () => {
  it('has skills, breaks, two compartments and ride limits, and a small one plans feasibly', () => {
    const day = generateCourierDay({ jobs: 100, vehicles: 6 });
    expect(day.vehicles.every((v) => v.break && Array.isArray(v.capacity) && v.capacity.length === 2)).toBe(true);
    expect(day.jobs.some((j) => j.skills?.includes('refrigerated'))).toBe(true);
    const plan = solve(day, { timeLimitMs: 3000 });
    valid(day, plan);
    expect(plan.unassigned.length).toBeLessThan(10);
  });
});
