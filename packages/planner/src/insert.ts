import { asGiven, type CurrentRoute, keepsTheRules, routesOf } from './as-given.js';
import { buildModel, PlannerInputError } from './model.js';
import { applyInsertion, bestInsertion, type Insertion } from './route.js';
import { plannedRoute } from './solve.js';
import type { PlannedRoute, PlanningProblem } from './types.js';

export type { CurrentRoute } from './as-given.js';

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
 * it. A route that already breaks a rule is taken as it stands (see `asGiven`): the insertion may not make a late
 * stop later, nor end the day later than it already does, nor put the job's load in a compartment already over.
 * Routes of vehicles not listed are taken as empty. Check the offer against `asGiven(...).problem`.
 */
export function planInsertion(problem: PlanningProblem, current: CurrentRoute[], jobId: string): InsertionOffer | null {
  const job = problem.jobs.findIndex((j) => j.id === jobId);
  if (job < 0) throw new PlannerInputError('jobId', `no job ${jobId} in the problem`);
  const given = asGiven(problem, current, jobId);
  const p = given.problem;
  const m = buildModel(p);
  const routes = routesOf(p, m, current, job);
  const overloads = (v: number) => (given.over.get(p.vehicles[v].id) ?? []).some((d) => m.jobDemand[job * m.dims + d] > 0);
  const ins: Insertion = { delta: 0, i: 0, j: 0 };
  let best: { v: number; ins: Insertion } | null = null;
  for (const r of routes) {
    if (!keepsTheRules(m, r) || overloads(r.v)) continue;
    if (bestInsertion(m, r, job, () => 1, 0, best ? best.ins.delta : Number.POSITIVE_INFINITY, ins)) best = { v: r.v, ins: { ...ins } };
  }
  if (!best) return null;
  const r = routes[best.v];
  applyInsertion(m, r, job, best.ins);
  return { vehicleId: p.vehicles[best.v].id, route: plannedRoute(p, m, r), addedTravelTime: best.ins.delta };
}
