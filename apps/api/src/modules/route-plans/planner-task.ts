import { type MessagePort, threadId } from 'node:worker_threads';
import {
  asGiven,
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
/** A search the caller follows: progress posted on `port`, and `stop[0]` set to 1 to end it early. */
export interface SearchLink {
  port: MessagePort;
  stop: Int32Array;
}
/** Progress posts at most this often: the caller polls about once a second. */
const PROGRESS_EVERY_MS = 200;

export type PlannerTask =
  | (Matrix & { kind: 'solve'; options: Omit<SolveOptions, 'signal' | 'onProgress'>; link?: SearchLink })
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
    const plan = solve(problem, { ...task.options, ...(task.link ? followed(task.link) : {}) });
    task.link?.port.close();
    return { plan, errors: checkPlan(problem, plan), warnings, threadId };
  }
  const offer = planInsertion(problem, task.current, task.jobId);
  // The offer is one route: checked against its own vehicle and the jobs on it, the routes taken as they stand.
  const given = offer ? asGiven(problem, task.current, task.jobId).problem : problem;
  const errors = offer
    ? checkPlan(
        {
          ...given,
          vehicles: given.vehicles.filter((v) => v.id === offer.vehicleId),
          jobs: given.jobs.filter((j) => offer.route.stops.some((s) => s.jobId === j.id)),
        },
        { routes: [offer.route], unassigned: [], travelTime: offer.route.travelTime, iterations: 0, elapsedMs: 0 },
      )
    : [];
  return { offer, errors, warnings, threadId };
}

/**
 * The search runs synchronously on this thread, so the caller's stop arrives through shared memory, read at each
 * progress report, and the progress leaves by postMessage (delivered on the caller's thread meanwhile).
 */
function followed(link: SearchLink): Pick<SolveOptions, 'signal' | 'onProgress'> {
  const controller = new AbortController();
  if (Atomics.load(link.stop, 0) === 1) controller.abort();
  let posted = Number.NEGATIVE_INFINITY;
  return {
    signal: controller.signal,
    onProgress: (p) => {
      if (Atomics.load(link.stop, 0) === 1 && !controller.signal.aborted) controller.abort();
      if (p.elapsedMs - posted < PROGRESS_EVERY_MS) return;
      posted = p.elapsedMs;
      link.port.postMessage({ iteration: p.iteration, cost: p.cost, elapsedMs: p.elapsedMs, feasible: p.feasible });
    },
  };
}
