import { buildModel, KIND_DROPOFF, KIND_PICKUP, type Model, PlannerInputError } from './model.js';
import { Route } from './route.js';
import type { PlannerJob, PlannerStop, PlanningProblem, StopKind } from './types.js';

/** A vehicle's remaining stops, in order, as they stand (e.g. from an applied plan). */
export interface CurrentRoute {
  vehicleId: string;
  stops: { jobId: string; kind: StopKind }[];
}

/** Each vehicle's route as given (vehicles not listed: empty), parcels already picked up counted on board. */
export function routesOf(problem: PlanningProblem, m: Model, current: CurrentRoute[], newJob = -1): Route[] {
  const jobIndex = new Map(problem.jobs.map((j, i) => [j.id, i]));
  const vehicleIndex = new Map(problem.vehicles.map((v, i) => [v.id, i]));
  const routes = problem.vehicles.map((_, v) => new Route(v, m));
  current.forEach((c, k) => {
    const v = vehicleIndex.get(c.vehicleId);
    if (v === undefined) throw new PlannerInputError(`current[${k}].vehicleId`, `no vehicle ${c.vehicleId}`);
    routes[v].stops = c.stops.map((s, i) => {
      const j = jobIndex.get(s.jobId);
      if (j === undefined || j === newJob) throw new PlannerInputError(`current[${k}].stops[${i}].jobId`, `unknown or new job ${s.jobId}`);
      const first = m.jobFirst[j];
      const kind = m.kind[first] === KIND_PICKUP ? (s.kind === 'pickup' ? 0 : s.kind === 'dropoff' ? 1 : -1) : s.kind === 'stop' ? 0 : -1;
      if (kind < 0) throw new PlannerInputError(`current[${k}].stops[${i}].kind`, `job ${s.jobId} has no ${s.kind}`);
      return first + kind;
    });
    const inRoute = new Set(routes[v].stops);
    for (const st of routes[v].stops) {
      const other = m.partner[st];
      if (other < 0 || inRoute.has(other)) continue;
      if (m.kind[st] === KIND_PICKUP) {
        throw new PlannerInputError(`current[${k}].stops`, `job ${problem.jobs[m.jobOfStop[st]].id} is picked up but not dropped off`);
      }
      // picked up already: on board from the start
      for (let d = 0; d < m.dims; d++) routes[v].onBoard[d] += m.jobDemand[m.jobOfStop[st] * m.dims + d];
    }
    routes[v].update();
  });
  return routes;
}

/** Whether the route keeps every window, its return, its break and ride limits, and every capacity. */
export function keepsTheRules(m: Model, r: Route): boolean {
  const D = m.dims;
  for (let p = 0; p <= r.stops.length; p++) {
    for (let d = 0; d < D; d++) if (r.load[p * D + d] > m.vCap[r.v * D + d] + 1e-9) return false;
  }
  return (
    r.ok &&
    r.stops.every((_, i) => r.dep[i + 1] - m.service[r.stops[i]] <= r.lat[i + 1] + 1e-9) &&
    r.dep[r.stops.length + 1] <= m.vEnd[r.v] + 1e-9
  );
}

export interface AsGiven {
  /** the problem loosened to the routes as they stand (the same object when every route keeps the rules) */
  problem: PlanningProblem;
  /** per vehicle id, the capacity dimensions its route as given is already over */
  over: Map<string, number[]>;
}

/**
 * The problem loosened just enough that each route as given keeps its rules: the dispatcher's choices and the
 * day's delays are facts, not errors. A stop already reached after its latest gets its arrival as its latest (an
 * insertion may not make it later), a return after the shift's end becomes the end, a load over a compartment
 * becomes its capacity (and that dimension is marked over), a job on a vehicle without its skills keeps its place
 * without them, and a route that still cannot keep its break or a ride limit drops them.
 */
export function asGiven(problem: PlanningProblem, current: CurrentRoute[], newJobId?: string): AsGiven {
  const over = new Map<string, number[]>();
  const m = buildModel(problem);
  const newJob = newJobId === undefined ? -1 : problem.jobs.findIndex((j) => j.id === newJobId);
  const routes = routesOf(problem, m, current, newJob);
  if (routes.every((r) => keepsTheRules(m, r) && !lacksSkills(problem, r, m))) return { problem, over };

  const { tt, nLocations: L, dims: D } = m;
  const vehicles = problem.vehicles.map((v) => ({ ...v }));
  const jobs: PlannerJob[] = problem.jobs.map((j) => ({ ...j }) as PlannerJob);
  const setLatest = (s: number, latest: number) => {
    const job = jobs[m.jobOfStop[s]];
    const which = m.kind[s] === KIND_PICKUP ? 'pickup' : m.kind[s] === KIND_DROPOFF ? 'dropoff' : 'stop';
    (job as unknown as Record<string, PlannerStop>)[which] = { ...(job[which] as PlannerStop), latest };
  };
  for (const r of routes) {
    if (!r.stops.length) continue;
    const v = r.v;
    const vehicle = vehicles[v];
    let time = m.vStart[v];
    let prev = m.vStartLoc[v];
    for (const s of r.stops) {
      const start = Math.max(time + tt[prev * L + m.loc[s]], m.early[s]);
      if (start > m.late[s]) setLatest(s, start);
      time = start + m.service[s];
      prev = m.loc[s];
    }
    vehicle.latestReturn = Math.max(m.vEnd[v], time + tt[prev * L + m.vEndLoc[v]]);
    const capacity = Array.from({ length: D }, (_, d) => m.vCap[v * D + d]);
    const dims: number[] = [];
    for (let d = 0; d < D; d++) {
      let peak = 0;
      for (let p = 0; p <= r.stops.length; p++) peak = Math.max(peak, r.load[p * D + d]);
      if (peak > capacity[d] + 1e-9) {
        capacity[d] = peak;
        dims.push(d);
      }
    }
    if (dims.length) {
      vehicle.capacity = capacity;
      over.set(vehicle.id, dims);
    }
    const has = new Set(vehicle.skills ?? []);
    for (const s of r.stops) {
      const job = jobs[m.jobOfStop[s]];
      if (job.skills?.some((k) => !has.has(k))) delete job.skills;
    }
  }
  const loosened = { ...problem, vehicles, jobs };
  // The break and ride limits, checked on the loosened windows: dropped where the route still cannot keep them.
  const m2 = buildModel(loosened);
  for (const r of routesOf(loosened, m2, current, newJob)) {
    if (r.ok) continue;
    delete vehicles[r.v].break;
    for (const s of r.stops) delete jobs[m2.jobOfStop[s]].maxRide;
  }
  return { problem: loosened, over };
}

function lacksSkills(problem: PlanningProblem, r: Route, m: Model): boolean {
  if (!m.compat) return false;
  return r.stops.some((s) => m.compat?.[m.jobOfStop[s] * m.nVehicles + r.v] === 0 && problem.jobs[m.jobOfStop[s]].skills?.length);
}
