import { buildModel, KIND_PICKUP, PlannerInputError } from './model.js';
import { applyInsertion, bestInsertion, type Insertion, Route } from './route.js';
import { plannedRoute } from './solve.js';
import type { PlannedRoute, PlanningProblem, StopKind } from './types.js';

/** A vehicle's remaining stops, in order, as they stand (e.g. from an applied plan). */
export interface CurrentRoute {
  vehicleId: string;
  stops: { jobId: string; kind: StopKind }[];
}

export interface InsertionOffer {
  vehicleId: string;
  /** the vehicle's whole route with the job inserted, the other stops keeping their order */
  route: PlannedRoute;
  /** travel time the insertion adds */
  addedTravelTime: number;
}

/**
 * The cheapest way to add one job (e.g. a STAT approved while routes run) to routes already under way without
 * reordering their stops: every vehicle, every place in its remaining sequence, keeping every window, capacity
 * and return time. To keep stops that are under way, give each vehicle's current place and time as its start and
 * only its remaining stops. `problem.jobs` must hold the routes' jobs and the new one. Null when no vehicle can take
 * it (or a route as given is already infeasible). Routes of vehicles not listed are taken as empty.
 */
export function planInsertion(problem: PlanningProblem, current: CurrentRoute[], jobId: string): InsertionOffer | null {
  const m = buildModel(problem);
  const jobIndex = new Map(problem.jobs.map((j, i) => [j.id, i]));
  const vehicleIndex = new Map(problem.vehicles.map((v, i) => [v.id, i]));
  const job = jobIndex.get(jobId);
  if (job === undefined) throw new PlannerInputError('jobId', `no job ${jobId} in the problem`);
  const routes = problem.vehicles.map((_, v) => new Route(v, m));
  current.forEach((c, k) => {
    const v = vehicleIndex.get(c.vehicleId);
    if (v === undefined) throw new PlannerInputError(`current[${k}].vehicleId`, `no vehicle ${c.vehicleId}`);
    routes[v].stops = c.stops.map((s, i) => {
      const j = jobIndex.get(s.jobId);
      if (j === undefined || j === job) throw new PlannerInputError(`current[${k}].stops[${i}].jobId`, `unknown or new job ${s.jobId}`);
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
  const feasible = (r: Route) =>
    r.ok &&
    r.stops.every((_, i) => r.dep[i + 1] - m.service[r.stops[i]] <= r.lat[i + 1] + 1e-9) &&
    r.dep[r.stops.length + 1] <= m.vEnd[r.v] + 1e-9;
  const ins: Insertion = { delta: 0, i: 0, j: 0 };
  let best: { v: number; ins: Insertion } | null = null;
  for (const r of routes) {
    if (!feasible(r)) continue;
    if (bestInsertion(m, r, job, () => 1, 0, best ? best.ins.delta : Number.POSITIVE_INFINITY, ins)) best = { v: r.v, ins: { ...ins } };
  }
  if (!best) return null;
  const r = routes[best.v];
  applyInsertion(m, r, job, best.ins);
  return { vehicleId: problem.vehicles[best.v].id, route: plannedRoute(problem, m, r), addedTravelTime: best.ins.delta };
}
