import { PlannerInputError } from './model.js';
import { objectiveOf } from './solve.js';
import type { Plan, PlannedRoute, PlannedStop, PlannerJob, PlannerStop, PlanningProblem, SolveOptions } from './types.js';

interface Prefix {
  stops: PlannedStop[];
  /** where and when the vehicle is free again, and what it travelled to get there */
  location: number;
  time: number;
  travel: number;
}

/**
 * Solves a problem whose vehicles hold committed stops: each vehicle first drives its committed stops in order
 * (their windows are not asked: the vehicle is on its way), then `solveFree` plans the rest from the last one
 * (a pair picked up there is a single stop carried from that start), and each route is put back together and
 * rescheduled from the vehicle's start.
 */
export function solveCommitted(
  problem: PlanningProblem,
  options: SolveOptions,
  solveFree: (p: PlanningProblem, o: SolveOptions) => Plan,
): Plan {
  const travel = (a: number, b: number) => (typeof problem.travelTime === 'function' ? problem.travelTime(a, b) : problem.travelTime[a][b]);
  const jobs = new Map(problem.jobs.map((j) => [j.id, j]));
  const owner = new Map<string, string>();
  const committedKinds = new Map<string, Set<string>>();
  for (const [i, v] of problem.vehicles.entries())
    for (const [k, c] of (v.committed ?? []).entries()) {
      const job = jobs.get(c.jobId);
      const field = `vehicles[${i}].committed[${k}]`;
      if (!job || !specOf(job, c.kind)) throw new PlannerInputError(field, `no ${c.kind} of job ${c.jobId}`);
      if ((job.vehicleId ?? v.id) !== v.id || (owner.get(c.jobId) ?? v.id) !== v.id)
        throw new PlannerInputError(field, `job ${c.jobId} is committed to another vehicle`);
      const kinds = committedKinds.get(c.jobId) ?? new Set<string>();
      if (c.kind === 'dropoff' && !kinds.has('pickup'))
        throw new PlannerInputError(field, `job ${c.jobId} is dropped off before its pickup`);
      owner.set(c.jobId, v.id);
      committedKinds.set(c.jobId, kinds.add(c.kind));
    }

  const prefixes = problem.vehicles.map((v): Prefix => {
    const stops: PlannedStop[] = [];
    let location = v.startLocation;
    let time = v.startTime;
    let travelled = 0;
    for (const c of v.committed ?? []) {
      const spec = specOf(jobs.get(c.jobId) as PlannerJob, c.kind) as PlannerStop;
      const t = travel(location, spec.location);
      travelled += t;
      const arrival = time + t;
      const start = Math.max(arrival, spec.earliest ?? Number.NEGATIVE_INFINITY);
      stops.push({
        jobId: c.jobId,
        kind: c.kind,
        location: spec.location,
        arrival,
        wait: start - arrival,
        start,
        departure: start + (spec.service ?? 0),
        load: 0,
      });
      time = start + (spec.service ?? 0);
      location = spec.location;
    }
    return { stops, location, time, travel: travelled };
  });

  // The rest: jobs wholly committed leave the problem; a pair picked up in a prefix becomes its drop-off alone.
  const rest: PlannerJob[] = [];
  const carried = new Set<string>();
  for (const job of problem.jobs) {
    const kinds = committedKinds.get(job.id);
    if (!kinds) rest.push(job);
    else if (job.pickup && kinds.has('pickup') && !kinds.has('dropoff')) {
      carried.add(job.id);
      rest.push({
        id: job.id,
        demand: job.demand,
        priority: job.priority,
        vehicleId: owner.get(job.id),
        stop: job.dropoff,
        planned: job.planned,
      });
    }
  }
  const sub = solveFree(
    {
      ...problem,
      jobs: rest,
      vehicles: problem.vehicles.map((v, i) => ({
        ...v,
        committed: undefined,
        startLocation: prefixes[i].location,
        startTime: prefixes[i].time,
      })),
    },
    options,
  );

  // A parcel on board is never left behind: one the search could not fit is dropped off at the end.
  const leftOnBoard = sub.unassigned.filter((u) => carried.has(u.jobId));
  const routes = problem.vehicles.map((v, i): PlannedRoute => {
    const tail = sub.routes[i].stops.map((s) => ({
      jobId: s.jobId,
      kind: s.kind === 'stop' && carried.has(s.jobId) ? ('dropoff' as const) : s.kind,
    }));
    for (const u of leftOnBoard) if (owner.get(u.jobId) === v.id) tail.push({ jobId: u.jobId, kind: 'dropoff' });
    // the break where the search put it: after so many of the remaining stops
    const sr = sub.routes[i];
    const gap = sr.breakStart === undefined ? -1 : sr.stops.filter((s) => s.departure <= (sr.breakStart as number)).length;
    const prefix = prefixes[i].stops.map((s) => ({ jobId: s.jobId, kind: s.kind }));
    return schedule(problem, v.id, [...prefix, ...tail], jobs, travel, gap < 0 ? -1 : prefix.length + gap);
  });
  const unassigned = sub.unassigned.filter((u) => !carried.has(u.jobId));
  return {
    ...sub,
    routes,
    unassigned,
    travelTime: routes.reduce((sum, r) => sum + r.travelTime, 0),
    objective: objectiveOf(problem, routes, unassigned),
  };
}

function specOf(job: PlannerJob, kind: string): PlannerStop | undefined {
  return kind === 'pickup' ? job.pickup : kind === 'dropoff' ? job.dropoff : job.stop;
}

/** A route's times and loads from the vehicle's start, as early as possible (the vehicle is already moving). */
function schedule(
  problem: PlanningProblem,
  vehicleId: string,
  order: { jobId: string; kind: PlannedStop['kind'] }[],
  jobs: Map<string, PlannerJob>,
  travel: (a: number, b: number) => number,
  breakGap: number,
): PlannedRoute {
  const v = problem.vehicles.find((x) => x.id === vehicleId) as PlanningProblem['vehicles'][number];
  let dims = 1;
  for (const j of problem.jobs) if (Array.isArray(j.demand)) dims = Math.max(dims, j.demand.length);
  if (Array.isArray(v.capacity)) dims = Math.max(dims, v.capacity.length);
  const q = (job: PlannerJob | undefined, d: number) => {
    const x = job?.demand;
    return Array.isArray(x) ? (x[d] ?? 0) : d === 0 ? (x ?? 0) : 0;
  };
  const load = new Array(dims).fill(0);
  for (const s of order) if (s.kind === 'stop') for (let d = 0; d < dims; d++) load[d] += q(jobs.get(s.jobId), d);
  let location = v.startLocation;
  let time = v.startTime;
  let travelled = 0;
  let breakStart: number | undefined;
  const takeBreak = () => {
    const b = v.break as NonNullable<typeof v.break>;
    breakStart = Math.max(time, b.earliest);
    time = breakStart + b.duration;
  };
  if (breakGap === 0) takeBreak();
  const stops = order.map((o, k): PlannedStop => {
    const job = jobs.get(o.jobId) as PlannerJob;
    const spec = specOf(job, o.kind) as PlannerStop;
    const t = travel(location, spec.location);
    travelled += t;
    const arrival = time + t;
    const start = Math.max(arrival, spec.earliest ?? Number.NEGATIVE_INFINITY);
    for (let d = 0; d < dims; d++) load[d] += (o.kind === 'pickup' ? 1 : -1) * q(job, d);
    time = start + (spec.service ?? 0);
    location = spec.location;
    const stop: PlannedStop = { ...o, location: spec.location, arrival, wait: start - arrival, start, departure: time, load: load[0] };
    if (dims > 1) stop.loads = load.slice();
    if (breakGap === k + 1) takeBreak();
    return stop;
  });
  const back = stops.length ? travel(location, v.endLocation) : 0;
  const route: PlannedRoute = {
    vehicleId,
    departure: v.startTime,
    stops,
    returnTime: stops.length ? time + back : v.startTime,
    travelTime: travelled + back,
  };
  if (breakStart !== undefined) route.breakStart = breakStart;
  return route;
}
