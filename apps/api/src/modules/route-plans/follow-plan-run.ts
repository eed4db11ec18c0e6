import type { TPlanProgressResponse } from '@courier/contract';
import { notFound } from '../../platform/app-error.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import { readPlanRun, stopPlanRun } from './plan-runs.js';

export const PLAN_RUN_NOT_FOUND = 'No plan is being searched under this run id';

/** The progress of a search started with a run id (STAFF and above, who plan routes). */
export function readPlanProgress(actor: Actor, runId: string): TPlanProgressResponse {
  assertAudience(actor, 'staff');
  const progress = readPlanRun(runId);
  if (!progress) throw notFound(PLAN_RUN_NOT_FOUND);
  return { success: true, data: progress };
}

/** Stops a running search early: its request answers with the best plan so far. */
export function stopPlanSearch(actor: Actor, runId: string): TPlanProgressResponse {
  assertAudience(actor, 'staff');
  if (!stopPlanRun(runId)) throw notFound(PLAN_RUN_NOT_FOUND);
  return { success: true, data: readPlanRun(runId) as TPlanProgressResponse['data'] };
}
