import type { Plan, PlannedRoute, PlanningProblem, UnassignedJob } from './types.js';

/** The objective's parts of a plan (see Plan.objective). */
export function objectiveOf(problem: PlanningProblem, routes: PlannedRoute[], unassigned: UnassignedJob[]): Plan['objective'] {
  const planned = new Map(problem.jobs.map((j) => [j.id, j.planned?.vehicleId]));
  let moved = 0;
  let balance = 0;
  let distance = 0;
  for (const r of routes) {
    distance += r.travelTime;
    if (r.stops.length) balance = Math.max(balance, r.returnTime - r.departure);
    for (const st of r.stops) {
      const was = planned.get(st.jobId);
      if (was !== undefined && was !== r.vehicleId) moved++;
    }
  }
  for (const u of unassigned) {
    const job = problem.jobs.find((j) => j.id === u.jobId);
    if (job?.planned) moved += job.pickup ? 2 : 1;
  }
  return { distance, lateness: 0, balance, moved };
}
