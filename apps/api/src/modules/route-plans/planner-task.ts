import { threadId } from 'node:worker_threads';
import {
  type CurrentRoute,
  checkPlan,
  type InsertionOffer,
  type Plan,
  type PlanningProblem,
  planInsertion,
  type SolveOptions,
  solve,
} from '@courier/planner';
import { type LatLng, type RoutingEnv, travelTimes } from './travel-times.js';

/**
 * What runs on the planner's worker thread (see planner-thread.ts), so nothing here touches the database or the
 * app's services: the travel-time matrix (millions of cells for a big day), the search and the independent check.
 */

/** The solver's problem without its travel times: they are worked out on the worker from the places. */
export type PlannerInput = Omit<PlanningProblem, 'travelTime'>;

interface Matrix {
  problem: PlannerInput;
  places: LatLng[];
  routing: RoutingEnv;
}
export type PlannerTask =
  | (Matrix & { kind: 'solve'; options: SolveOptions })
  | (Matrix & { kind: 'insert'; current: CurrentRoute[]; jobId: string });

interface Checked {
  /** What the independent checker found wrong; empty for a valid plan. */
  errors: string[];
  /** The routing server's trouble, for the main thread's log. */
  warnings: string[];
  /** The thread that did the work: never the server's own. */
  threadId: number;
}
export type SolveAnswer = Checked & { plan: Plan };
export type InsertAnswer = Checked & { offer: InsertionOffer | null };
export type PlannerAnswer<T extends PlannerTask> = T extends { kind: 'solve' } ? SolveAnswer : InsertAnswer;

export async function runPlannerTask(task: PlannerTask): Promise<SolveAnswer | InsertAnswer> {
  const warnings: string[] = [];
  const log = { warn: (details: object, message: string) => warnings.push(`${message} ${JSON.stringify(details)}`) };
  const problem: PlanningProblem = { ...task.problem, travelTime: await travelTimes(task.routing, task.places, log) };
  if (task.kind === 'solve') {
    const plan = solve(problem, task.options);
    return { plan, errors: checkPlan(problem, plan), warnings, threadId };
  }
  const offer = planInsertion(problem, task.current, task.jobId);
  // The offer is one route: checked against its own vehicle and the jobs on it.
  const errors = offer
    ? checkPlan(
        {
          ...problem,
          vehicles: problem.vehicles.filter((v) => v.id === offer.vehicleId),
          jobs: problem.jobs.filter((j) => offer.route.stops.some((s) => s.jobId === j.id)),
        },
        { routes: [offer.route], unassigned: [], travelTime: offer.route.travelTime, iterations: 0, elapsedMs: 0 },
      )
    : [];
  return { offer, errors, warnings, threadId };
}
