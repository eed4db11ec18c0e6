import type { TPlanProgress } from '@courier/contract';

/** What the search reports as it goes (from the planner's thread). */
export interface SearchProgress {
  iteration: number;
  cost: number;
  elapsedMs: number;
  feasible: boolean;
}

interface Run {
  progress: TPlanProgress;
  /** Shared with the planner's thread: 1 asks the search to stop and answer the best plan so far. */
  stop: Int32Array;
}

/** A finished run stays readable this long, so the last poll sees it end. */
const KEEP_FINISHED_MS = 60_000;
const MAX_RUNS = 100;

/**
 * The plans being searched in this process, by the run id the client chose: their progress for polling and the
 * flag that stops them early. Kept in memory: a poll or a stop must reach the process running the search
 * (one API process, or sticky sessions behind the load balancer).
 */
const runs = new Map<string, Run>();

export function startPlanRun(runId: string, limitMs: number): Run {
  if (runs.size >= MAX_RUNS) {
    const oldest = [...runs].find(([, r]) => !r.progress.running);
    if (oldest) runs.delete(oldest[0]);
  }
  const run: Run = {
    progress: { runId, running: true, iteration: 0, cost: null, elapsedMs: 0, feasible: false, limitMs, stopping: false },
    stop: new Int32Array(new SharedArrayBuffer(4)),
  };
  runs.set(runId, run);
  return run;
}

export function reportPlanProgress(run: Run, p: SearchProgress) {
  run.progress = { ...run.progress, iteration: p.iteration, cost: p.cost, elapsedMs: p.elapsedMs, feasible: p.feasible };
}

export function finishPlanRun(runId: string, run: Run) {
  run.progress = { ...run.progress, running: false };
  setTimeout(() => runs.get(runId) === run && runs.delete(runId), KEEP_FINISHED_MS).unref();
}

export const readPlanRun = (runId: string): TPlanProgress | null => runs.get(runId)?.progress ?? null;

/** Asks a running search to stop; it answers the best plan found so far. False when no such run is going. */
export function stopPlanRun(runId: string): boolean {
  const run = runs.get(runId);
  if (!run?.progress.running) return false;
  Atomics.store(run.stop, 0, 1);
  run.progress = { ...run.progress, stopping: true };
  return true;
}

/**
 * Follows a search under the client's run id, when given: its progress kept for polling and its stop flag shared
 * with the planner's thread; `done` forgets it a minute later.
 */
export function followPlanRun(runId: string | undefined, limitMs: number) {
  if (!runId) return { follower: undefined, done: () => {} };
  const run = startPlanRun(runId, limitMs);
  return {
    follower: { onProgress: (p: SearchProgress) => reportPlanProgress(run, p), stop: run.stop },
    done: () => finishPlanRun(runId, run),
  };
}
