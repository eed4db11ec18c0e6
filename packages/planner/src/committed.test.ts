import { describe, expect, it } from 'vitest';
import { checkPlan, type PlanningProblem, PlannerInputError, solve } from './index.js';

/** places on a line: travel time = distance between the numbers */
const line = (xs: number[]) => xs.map((a) => xs.map((b) => Math.abs(a - b)));

describe('solve: committed stops', () => {
  // Places: 0 start, 1 at 10, 2 at 100 (far), 3 at 12.
  const base = (): PlanningProblem => ({
    travelTime: line([0, 10, 100, 12]),
    vehicles: [{ id: 'v', startLocation: 0, startTime: 0, endLocation: 0, latestReturn: 10_000 }],
    jobs: [
      { id: 'near', pickup: { location: 1, service: 1 }, dropoff: { location: 3, service: 1 } },
      { id: 'heading', vehicleId: 'v', pickup: { location: 2, service: 1 }, dropoff: { location: 3, service: 1 } },
    ],
  });

  it('visits the job the driver is heading to first, even when the search would put it later', () => {
    const free = solve(base(), { maxIterations: 100 });
    expect(free.routes[0].stops[0].jobId).toBe('near');

    const problem = base();
    problem.vehicles[0].committed = [{ jobId: 'heading', kind: 'pickup' }];
    const plan = solve(problem, { maxIterations: 100 });
    expect(checkPlan(problem, plan)).toEqual([]);
    expect(plan.routes[0].stops[0]).toMatchObject({ jobId: 'heading', kind: 'pickup', arrival: 100 });
    expect(plan.routes[0].stops.filter((s) => s.jobId === 'heading').map((s) => s.kind)).toEqual(['pickup', 'dropoff']);
    expect(plan.unassigned).toEqual([]);
  });

  it('keeps a committed stop whose window has closed (the driver is on the way) and every arrival on the route', () => {
    const problem: PlanningProblem = {
      travelTime: line([0, 10, 50]),
      vehicles: [
        { id: 'v', startLocation: 0, startTime: 0, endLocation: 0, latestReturn: 10_000, committed: [{ jobId: 'late', kind: 'stop' }] },
      ],
      jobs: [
        { id: 'other', stop: { location: 1 } },
        { id: 'late', vehicleId: 'v', stop: { location: 2 } },
      ],
    };
    const plan = solve(problem, { maxIterations: 100 });
    expect(checkPlan(problem, plan)).toEqual([]);
    expect(plan.routes[0].stops.map((s) => `${s.kind}:${s.jobId}@${s.arrival}`)).toEqual(['stop:late@50', 'stop:other@90']);
  });

  it('drops a committed pickup at the end when its drop-off fits nowhere else, never leaving it on board', () => {
    const problem: PlanningProblem = {
      travelTime: line([0, 10, 20]),
      vehicles: [
        { id: 'v', startLocation: 0, startTime: 0, endLocation: 0, latestReturn: 10_000, committed: [{ jobId: 'p', kind: 'pickup' }] },
      ],
      jobs: [{ id: 'p', pickup: { location: 1 }, dropoff: { location: 2, latest: 5 } }],
    };
    const plan = solve(problem, { maxIterations: 50 });
    expect(plan.routes[0].stops.map((s) => s.kind)).toEqual(['pickup', 'dropoff']);
    expect(plan.unassigned).toEqual([]);
  });

  it('refuses a committed stop of a job tied to another vehicle or a drop-off before its pickup', () => {
    const problem = base();
    problem.vehicles.push({
      id: 'w',
      startLocation: 0,
      startTime: 0,
      endLocation: 0,
      latestReturn: 10_000,
      committed: [{ jobId: 'heading', kind: 'pickup' }],
    });
    expect(() => solve(problem)).toThrow(PlannerInputError);
    const early = base();
    early.vehicles[0].committed = [{ jobId: 'near', kind: 'dropoff' }];
    expect(() => solve(early)).toThrow(PlannerInputError);
  });
});
