import { describe, expect, it } from 'vitest';
import { asGiven, checkPlan, type PlanningProblem, planInsertion } from './index.js';

const line = (xs: number[]) => xs.map((a) => xs.map((b) => Math.abs(a - b)));

describe('planInsertion', () => {
  // places: 0 hub, 1..6 along a line
  const base: PlanningProblem = {
    travelTime: line([0, 10, 20, 30, -10, -20, -30]),
    vehicles: [
      { id: 'east', startLocation: 0, startTime: 0, endLocation: 0, latestReturn: 200, capacity: 2 },
      { id: 'west', startLocation: 0, startTime: 0, endLocation: 0, latestReturn: 200, capacity: 2 },
    ],
    jobs: [
      { id: 'e1', demand: 1, pickup: { location: 1 }, dropoff: { location: 3 } },
      { id: 'w1', demand: 1, pickup: { location: 4, latest: 15 }, dropoff: { location: 6 } },
      { id: 'onboard', demand: 2, dropoff: { location: 2 }, pickup: { location: 0 } },
      { id: 'stat', demand: 1, priority: 'stat', pickup: { location: 1, latest: 40 }, dropoff: { location: 2, latest: 60 } },
    ],
  };

  it('offers the cheapest insertion that keeps the other stops in order and in their windows', () => {
    const offer = planInsertion(
      base,
      [
        {
          vehicleId: 'east',
          stops: [
            { jobId: 'e1', kind: 'pickup' },
            { jobId: 'e1', kind: 'dropoff' },
          ],
        },
        {
          vehicleId: 'west',
          stops: [
            { jobId: 'w1', kind: 'pickup' },
            { jobId: 'w1', kind: 'dropoff' },
          ],
        },
      ],
      'stat',
    );
    expect(offer?.vehicleId).toBe('east');
    expect(offer?.addedTravelTime).toBe(0);
    const order = offer?.route.stops.map((s) => `${s.kind}:${s.jobId}`) ?? [];
    // both pickups are at place 1, either order costs the same
    expect(order.filter((s) => s.endsWith(':e1'))).toEqual(['pickup:e1', 'dropoff:e1']);
    expect(order.filter((s) => s.endsWith(':stat'))).toEqual(['pickup:stat', 'dropoff:stat']);
    expect(order.at(-1)).toBe('dropoff:e1');
    for (const s of offer?.route.stops ?? []) expect(s.load).toBeLessThanOrEqual(2);
  });

  it('counts a parcel already on board against capacity until its drop-off', () => {
    // east carries 2 units (picked up before now) to place 2: the STAT can only be picked up after that,
    // 0 -> 2 (drop) -> 1 -> 2 -> 0 adds 20; west, empty, would add 40
    const current = [{ vehicleId: 'east', stops: [{ jobId: 'onboard', kind: 'dropoff' as const }] }];
    const offer = planInsertion(base, current, 'stat');
    expect(offer?.vehicleId).toBe('east');
    expect(offer?.route.stops.map((s) => `${s.kind}:${s.jobId}`)).toEqual(['dropoff:onboard', 'pickup:stat', 'dropoff:stat']);
    expect(offer?.addedTravelTime).toBe(20);
    // with room for 3 the STAT rides along: 0 -> 1 -> 2 -> 0 adds nothing
    const roomy = { ...base, vehicles: [{ ...base.vehicles[0], capacity: 3 }, base.vehicles[1]] };
    const along = planInsertion(roomy, current, 'stat');
    expect(along?.route.stops[0]).toMatchObject({ kind: 'pickup', jobId: 'stat', load: 3 });
    expect(along?.addedTravelTime).toBe(0);
  });

  it('answers null when no vehicle can take the job without breaking a window', () => {
    const late: PlanningProblem = {
      ...base,
      jobs: [...base.jobs.slice(0, 3), { id: 'stat', demand: 1, pickup: { location: 3, latest: 5 }, dropoff: { location: 2 } }],
    };
    expect(planInsertion(late, [], 'stat')).toBeNull();
    expect(() => planInsertion(base, [], 'nope')).toThrow(/jobId/);
    expect(() => planInsertion(base, [{ vehicleId: 'east', stops: [{ jobId: 'e1', kind: 'pickup' }] }], 'stat')).toThrow(
      /picked up but not dropped off/,
    );
  });
});

describe('planInsertion on routes that already break a rule', () => {
  // places: 0 hub, 1..3 east along a line, 4..6 west
  const travelTime = line([0, 10, 20, 30, -10, -20, -30]);
  const vehicles = [
    { id: 'late', startLocation: 0, startTime: 0, endLocation: 0, latestReturn: 200, capacity: [5, 0] },
    { id: 'cold', startLocation: 0, startTime: 0, endLocation: 0, latestReturn: 200, capacity: [5, 0] },
  ];
  const jobs: PlanningProblem['jobs'] = [
    // due at 5 at place 3 (30 away): already late, the dispatcher's choice stands
    { id: 'overdue', demand: [1, 0], dropoff: { location: 3, latest: 5 }, pickup: { location: 0 } },
    // a refrigerated parcel on board of a van without a cold compartment, and a skill the driver lacks
    { id: 'chilled', demand: [0, 1], skills: ['refrigerated'], stop: { location: 4 } },
    { id: 'stat', demand: [1, 0], priority: 'stat', pickup: { location: 1, latest: 40 }, dropoff: { location: 2, latest: 60 } },
    { id: 'cold-stat', demand: [0, 1], pickup: { location: 5 }, dropoff: { location: 6 } },
  ];
  const problem: PlanningProblem = { travelTime, vehicles, jobs };
  const current = [
    {
      vehicleId: 'late',
      stops: [
        { jobId: 'overdue', kind: 'pickup' as const },
        { jobId: 'overdue', kind: 'dropoff' as const },
      ],
    },
    { vehicleId: 'cold', stops: [{ jobId: 'chilled', kind: 'stop' as const }] },
  ];

  it('still offers a place, without making the late stop later, and the offer passes the checker on the routes as given', () => {
    const offer = planInsertion(problem, current, 'stat');
    // 0 -> 0 (overdue) -> 1 -> 2 (stat) -> 3 (overdue, at 30 as before) -> 0: on the late van's way, no driving added
    expect(offer?.vehicleId).toBe('late');
    expect(offer?.addedTravelTime).toBe(0);
    expect(offer?.route.stops.map((s) => `${s.kind}:${s.jobId}@${s.start}`)).toEqual([
      'pickup:overdue@0',
      'pickup:stat@10',
      'dropoff:stat@20',
      'dropoff:overdue@30',
    ]);
    const given = asGiven(problem, current, 'stat').problem;
    const plan = { routes: [offer!.route], unassigned: [], travelTime: offer!.route.travelTime, iterations: 0, elapsedMs: 0 };
    const onRoute = given.jobs.filter((j) => offer!.route.stops.some((s) => s.jobId === j.id));
    expect(checkPlan({ ...given, vehicles: given.vehicles.filter((v) => v.id === 'late'), jobs: onRoute }, plan)).toEqual([]);
    // against the problem as written, the overdue drop-off is late: the loosening is what lets the offer through
    const asWritten = problem.jobs.filter((j) => onRoute.some((o) => o.id === j.id));
    expect(checkPlan({ ...problem, vehicles: problem.vehicles.filter((v) => v.id === 'late'), jobs: asWritten }, plan)).toEqual([
      'route 0 (late) stop 3: overdue dropoff starts at 30, after its window closes at 5',
    ]);
  });

  it('puts no cold load on a van already over its cold compartment, and keeps the driver lacking a skill as given', () => {
    expect(asGiven(problem, current).over.get('cold')).toEqual([1]);
    const offer = planInsertion(problem, current, 'cold-stat');
    expect(offer).toBeNull();
    const general = planInsertion(problem, [current[1]], 'stat');
    expect(general?.vehicleId).toBeDefined();
  });
});
