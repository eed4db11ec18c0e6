import { PlannerInputError } from './model.js';
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
      rest.push({ id: job.id, demand: job.demand, priority: job.priority, vehicleId: owner.get(job.id), stop: job.dropoff });
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
    return schedule(problem, v.id, [...prefixes[i].stops.map((s) => ({ jobId: s.jobId, kind: s.kind })), ...tail], jobs, travel);
  });
  const unassigned = sub.unassigned.filter((u) => !carried.has(u.jobId));
  return { ...sub, routes, unassigned, travelTime: routes.reduce((sum, r) => sum + r.travelTime, 0) };
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
): PlannedRoute {
  const v = problem.vehicles.find((x) => x.id === vehicleId) as PlanningProblem['vehicles'][number];
  let load = order.reduce((sum, s) => sum + (s.kind === 'stop' ? (jobs.get(s.jobId)?.demand ?? 0) : 0), 0);
  let location = v.startLocation;
  let time = v.startTime;
  let travelled = 0;
  const stops = order.map((o): PlannedStop => {
    const job = jobs.get(o.jobId) as PlannerJob;
    const spec = specOf(job, o.kind) as PlannerStop;
    const t = travel(location, spec.location);
    travelled += t;
    const arrival = time + t;
    const start = Math.max(arrival, spec.earliest ?? Number.NEGATIVE_INFINITY);
    load += (o.kind === 'pickup' ? 1 : -1) * (job.demand ?? 0);
    time = start + (spec.service ?? 0);
    location = spec.location;
    return { ...o, location: spec.location, arrival, wait: start - arrival, start, departure: time, load };
  });
  const back = stops.length ? travel(location, v.endLocation) : 0;
  return { vehicleId, departure: v.startTime, stops, returnTime: stops.length ? time + back : v.startTime, travelTime: travelled + back };
}
