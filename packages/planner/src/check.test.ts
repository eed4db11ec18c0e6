import { describe, expect, it } from 'vitest';
import { checkPlan, checkSolomonRoutes, generatePdpDay, type Plan, parseSolomon, solomonProblem, solve } from './index.js';

/** The first 25 customers of Solomon's R101 (the file's own text). */
const R101_25 = `R101

VEHICLE
NUMBER     CAPACITY
  25         200

CUSTOMER
CUST NO.  XCOORD.   YCOORD.    DEMAND   READY TIME  DUE DATE   SERVICE   TIME

    0       35       35        0         0       230         0
    1       41       49       10       161       171        10
    2       35       17        7        50        60        10
    3       55       45       13       116       126        10
    4       55       20       19       149       159        10
    5       15       30       26        34        44        10
    6       25       30        3        99       109        10
    7       20       50        5        81        91        10
    8       10       43        9        95       105        10
    9       55       60       16        97       107        10
   10       30       60       16       124       134        10
   11       20       65       12        67        77        10
   12       50       35       19        63        73        10
   13       30       25       23       159       169        10
   14       15       10       20        32        42        10
   15       30        5        8        61        71        10
   16       10       20       19        75        85        10
   17        5       30        2       157       167        10
   18       20       40       12        87        97        10
   19       15       60       17        76        86        10
   20       45       65        9       126       136        10
   21       45       20       11        62        72        10
   22       45       10       18        97       107        10
   23       55        5       29        68        78        10
   24       65       35        3       153       163        10
   25       65       20        6       172       182        10
`;

describe('checkPlan', () => {
  const problem = generatePdpDay({ seed: 9, jobs: 30, vehicles: 3 });
  const plan = solve(problem, { seed: 1, maxIterations: 100 });
  const copy = (): Plan => structuredClone(plan);

  it("accepts the solver's plan and finds each kind of violation in a tampered one", () => {
    expect(checkPlan(problem, plan)).toEqual([]);
    const route = plan.routes.findIndex((r) => r.stops.length >= 4);
    expect(route).toBeGreaterThanOrEqual(0);

    const swapped = copy();
    const stops = swapped.routes[route].stops;
    const i = stops.findIndex((s) => s.kind === 'pickup');
    const j = stops.findIndex((s, k) => k > i && s.kind === 'dropoff' && s.jobId === stops[i].jobId);
    [stops[i], stops[j]] = [stops[j], stops[i]];
    expect(checkPlan(problem, swapped).join('\n')).toMatch(/dropped off before its pickup/);

    const dropped = copy();
    dropped.routes[route].stops = dropped.routes[route].stops.filter((s) => s.kind !== 'dropoff' || s.jobId !== stops[i].jobId);
    expect(checkPlan(problem, dropped).join('\n')).toMatch(/picked up but never dropped off/);

    const late = copy();
    late.routes[route].departure += 10_000;
    expect(checkPlan(problem, late).join('\n')).toMatch(/after its window closes|after \d+/);

    const early = copy();
    early.routes[route].departure = problem.vehicles[route].startTime - 60;
    expect(checkPlan(problem, early).join('\n')).toMatch(/leaves before/);

    const small = structuredClone(problem);
    small.vehicles[route].capacity = 1;
    expect(checkPlan(small, plan).join('\n')).toMatch(/over capacity/);

    const home = structuredClone(problem);
    home.vehicles[route].latestReturn = plan.routes[route].returnTime - 1;
    expect(checkPlan(home, plan).join('\n')).toMatch(/returns at/);

    const lost = copy();
    lost.routes[route].stops = [];
    expect(checkPlan(problem, lost).join('\n')).toMatch(/neither planned nor unassigned/);

    const twice = copy();
    twice.unassigned.push({ jobId: plan.routes[route].stops[0].jobId, reason: 'no_vehicle' });
    expect(checkPlan(problem, twice).join('\n')).toMatch(/appears in/);

    const lie = copy();
    lie.travelTime -= 1;
    expect(checkPlan(problem, lie).join('\n')).toMatch(/total travel/);
  });
});

describe('Solomon instances', () => {
  it('parses the format and checks routes independently', () => {
    const inst = parseSolomon(R101_25);
    expect(inst.name).toBe('R101');
    expect(inst.vehicles).toBe(25);
    expect(inst.capacity).toBe(200);
    expect(inst.customers).toHaveLength(26);
    expect(inst.customers[1]).toEqual({ id: 1, x: 41, y: 49, demand: 10, ready: 161, due: 171, service: 10 });

    const plan = solve(solomonProblem(inst), { seed: 1, timeLimitMs: 500 });
    expect(checkPlan(solomonProblem(inst), plan)).toEqual([]);
    expect(plan.unassigned).toEqual([]);
    const routes = plan.routes.filter((r) => r.stops.length).map((r) => r.stops.map((s) => Number(s.jobId)));
    const checked = checkSolomonRoutes(inst, routes);
    expect(checked.violations).toEqual([]);
    expect(checked.distance).toBeCloseTo(plan.travelTime, 6);

    expect(checkSolomonRoutes(inst, [...routes, [routes[0][0]]]).violations.join('\n')).toMatch(/visited 2 times/);
    expect(checkSolomonRoutes(inst, routes.slice(1)).violations.join('\n')).toMatch(/visited 0 times/);
    // one vehicle cannot serve all 25 customers in their windows
    expect(checkSolomonRoutes(inst, [routes.flat()]).violations.join('\n')).toMatch(/served at|over/);
    expect(() => parseSolomon('nothing here')).toThrow(/VEHICLE/);
  });
});
