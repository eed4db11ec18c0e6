import type { Plan, PlannerJob, PlanningProblem } from './types.js';

/**
 * An independent checker of a plan against its problem (it shares no code with the solver): every job planned
 * exactly once or listed unassigned, a pair's stops on one vehicle with the pickup first, the times recomputed
 * from each route's departure (windows, service, return by the latest return), the load within capacity, and
 * the reported figures matching the recomputed ones. Returns the violations found (empty: the plan is valid).
 */
export function checkPlan(problem: PlanningProblem, plan: Plan, eps = 1e-6): string[] {
  const errors: string[] = [];
  const travel = (a: number, b: number): number =>
    typeof problem.travelTime === 'function' ? problem.travelTime(a, b) : problem.travelTime[a][b];
  const close = (a: number, b: number) => Math.abs(a - b) <= eps * Math.max(1, Math.abs(a), Math.abs(b));
  const jobs = new Map<string, PlannerJob>(problem.jobs.map((j) => [j.id, j]));
  const seen = new Map<string, string>();
  const mark = (id: string, where: string) => {
    if (!jobs.has(id)) errors.push(`${where}: unknown job ${id}`);
    const before = seen.get(id);
    if (before !== undefined && before !== where) errors.push(`job ${id} appears in ${before} and ${where}`);
    seen.set(id, where);
  };
  if (plan.routes.length !== problem.vehicles.length) errors.push('one route per vehicle expected');
  let total = 0;
  plan.routes.forEach((route, index) => {
    const vehicle = problem.vehicles.find((v) => v.id === route.vehicleId);
    const where = `route ${index} (${route.vehicleId})`;
    if (!vehicle) {
      errors.push(`${where}: unknown vehicle`);
      return;
    }
    if (route.departure < vehicle.startTime - eps) errors.push(`${where}: leaves before the vehicle's start time`);
    const capacity = vehicle.capacity ?? Number.POSITIVE_INFINITY;
    let load = 0;
    for (const stop of route.stops) {
      const job = jobs.get(stop.jobId);
      if (job?.stop && stop.kind === 'stop') load += job.demand ?? 0;
    }
    if (load > capacity + eps) errors.push(`${where}: starts with ${load} units over capacity ${capacity}`);
    const picked = new Set<string>();
    const dropped = new Set<string>();
    const singles = new Set<string>();
    let time = route.departure;
    let place = vehicle.startLocation;
    let travelled = 0;
    route.stops.forEach((stop, k) => {
      const at = `${where} stop ${k}`;
      const job = jobs.get(stop.jobId);
      if (!job) {
        errors.push(`${at}: unknown job ${stop.jobId}`);
        return;
      }
      mark(stop.jobId, where);
      if (job.vehicleId !== undefined && job.vehicleId !== route.vehicleId) errors.push(`${at}: ${job.id} may only go on ${job.vehicleId}`);
      const spec = stop.kind === 'pickup' ? job.pickup : stop.kind === 'dropoff' ? job.dropoff : job.stop;
      if (!spec) {
        errors.push(`${at}: job ${job.id} has no ${stop.kind}`);
        return;
      }
      if (stop.kind === 'pickup') {
        if (picked.has(job.id)) errors.push(`${at}: ${job.id} picked up twice`);
        picked.add(job.id);
        load += job.demand ?? 0;
      } else if (stop.kind === 'dropoff') {
        if (!picked.has(job.id)) errors.push(`${at}: ${job.id} dropped off before its pickup on this vehicle`);
        if (dropped.has(job.id)) errors.push(`${at}: ${job.id} dropped off twice`);
        dropped.add(job.id);
        load -= job.demand ?? 0;
      } else {
        if (singles.has(job.id)) errors.push(`${at}: ${job.id} visited twice`);
        singles.add(job.id);
        load -= job.demand ?? 0;
      }
      if (load > capacity + eps) errors.push(`${at}: load ${load} over capacity ${capacity}`);
      if (!close(load, stop.load)) errors.push(`${at}: reported load ${stop.load}, recomputed ${load}`);
      const t = travel(place, spec.location);
      travelled += t;
      const arrival = time + t;
      const start = Math.max(arrival, spec.earliest ?? Number.NEGATIVE_INFINITY);
      if (spec.location !== stop.location) errors.push(`${at}: wrong place`);
      if (start > (spec.latest ?? Number.POSITIVE_INFINITY) + eps) {
        errors.push(`${at}: ${job.id} ${stop.kind} starts at ${start}, after its window closes at ${spec.latest}`);
      }
      if (!close(arrival, stop.arrival)) errors.push(`${at}: reported arrival ${stop.arrival}, recomputed ${arrival}`);
      if (!close(start, stop.start) || !close(stop.wait, start - arrival)) errors.push(`${at}: reported start/wait differ`);
      time = start + (spec.service ?? 0);
      if (!close(time, stop.departure)) errors.push(`${at}: reported departure ${stop.departure}, recomputed ${time}`);
      place = spec.location;
    });
    for (const id of picked) if (!dropped.has(id)) errors.push(`${where}: ${id} picked up but never dropped off`);
    for (const id of dropped) if (!picked.has(id)) errors.push(`${where}: ${id} dropped off but never picked up`);
    if (route.stops.length) {
      const back = travel(place, vehicle.endLocation);
      travelled += back;
      time += back;
      if (time > vehicle.latestReturn + eps) errors.push(`${where}: returns at ${time}, after ${vehicle.latestReturn}`);
      if (!close(time, route.returnTime)) errors.push(`${where}: reported return ${route.returnTime}, recomputed ${time}`);
    }
    if (!close(travelled, route.travelTime)) errors.push(`${where}: reported travel ${route.travelTime}, recomputed ${travelled}`);
    total += travelled;
  });
  for (const u of plan.unassigned) mark(u.jobId, 'unassigned');
  for (const job of problem.jobs) if (!seen.has(job.id)) errors.push(`job ${job.id} is neither planned nor unassigned`);
  if (!close(total, plan.travelTime)) errors.push(`reported total travel ${plan.travelTime}, recomputed ${total}`);
  return errors;
}
