import type { CheckablePlan, PlannerJob, PlanningProblem } from './types.js';

type Vec = number[];
const vec = (q: number | number[] | undefined, dims: number, fallback: number): Vec =>
  Array.from({ length: dims }, (_, d) => (Array.isArray(q) ? (q[d] ?? fallback) : d === 0 ? (q ?? fallback) : fallback));

/**
 * An independent checker of a plan against its problem (it shares no code with the solver): every job planned
 * exactly once or listed unassigned, a pair's stops on one vehicle with the pickup first, the times recomputed
 * from each route's departure (windows, service, return by the latest return), the load within capacity, and
 * the reported figures matching the recomputed ones; every capacity dimension at every stop, the vehicle's skills,
 * each pair's longest ride, the vehicle's break (in its window, in a gap between stops), and the objective's parts
 * when given. Returns the violations found (empty: the plan is valid).
 */
export function checkPlan(problem: PlanningProblem, plan: CheckablePlan, eps = 1e-6): string[] {
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
  let dims = 1;
  for (const v of problem.vehicles) if (Array.isArray(v.capacity)) dims = Math.max(dims, v.capacity.length);
  for (const j of problem.jobs) if (Array.isArray(j.demand)) dims = Math.max(dims, j.demand.length);
  let longest = 0;
  let total = 0;
  plan.routes.forEach((route, index) => {
    const vehicle = problem.vehicles.find((v) => v.id === route.vehicleId);
    const where = `route ${index} (${route.vehicleId})`;
    if (!vehicle) {
      errors.push(`${where}: unknown vehicle`);
      return;
    }
    if (route.departure < vehicle.startTime - eps) errors.push(`${where}: leaves before the vehicle's start time`);
    const capacity = vec(vehicle.capacity, dims, Number.POSITIVE_INFINITY);
    const load: Vec = new Array(dims).fill(0);
    for (const stop of route.stops) {
      const job = jobs.get(stop.jobId);
      if (job?.stop && stop.kind === 'stop')
        vec(job.demand, dims, 0).forEach((x, d) => {
          load[d] += x;
        });
    }
    const overAt = () => load.findIndex((x, d) => x > capacity[d] + eps);
    if (overAt() >= 0) errors.push(`${where}: starts with ${load.join('/')} units over capacity ${capacity.join('/')}`);
    const skills = new Set(vehicle.skills ?? []);
    const brk = vehicle.break && vehicle.break.duration > 0 && vehicle.break.latest >= vehicle.startTime ? vehicle.break : undefined;
    if (route.breakStart !== undefined && !vehicle.break) errors.push(`${where}: reports a break the vehicle does not have`);
    // the break goes after the stops that leave by its start (0: before the first stop)
    const breakGap =
      brk && route.stops.length
        ? route.breakStart === undefined
          ? -2
          : route.stops.filter((s) => s.departure <= (route.breakStart as number) + eps).length
        : -1;
    if (breakGap === -2) errors.push(`${where}: no break planned, the vehicle needs one`);
    const pickupDeparture = new Map<string, number>();
    const takeBreak = () => {
      const b = brk as NonNullable<typeof brk>;
      const bs = route.breakStart as number;
      if (bs < time - eps) errors.push(`${where}: break at ${bs} while still busy until ${time}`);
      if (bs < b.earliest - eps || bs > b.latest + eps) errors.push(`${where}: break at ${bs} outside ${b.earliest}-${b.latest}`);
      time = Math.max(time, bs) + b.duration;
    };
    const picked = new Set<string>();
    const dropped = new Set<string>();
    const singles = new Set<string>();
    let time = route.departure;
    let place = vehicle.startLocation;
    let travelled = 0;
    if (breakGap === 0) takeBreak();
    route.stops.forEach((stop, k) => {
      const at = `${where} stop ${k}`;
      const job = jobs.get(stop.jobId);
      if (!job) {
        errors.push(`${at}: unknown job ${stop.jobId}`);
        return;
      }
      mark(stop.jobId, where);
      if (job.vehicleId !== undefined && job.vehicleId !== route.vehicleId) errors.push(`${at}: ${job.id} may only go on ${job.vehicleId}`);
      for (const skill of job.skills ?? [])
        if (!skills.has(skill)) errors.push(`${at}: ${job.id} needs skill ${skill}, ${route.vehicleId} lacks it`);
      const q = vec(job.demand, dims, 0);
      const spec = stop.kind === 'pickup' ? job.pickup : stop.kind === 'dropoff' ? job.dropoff : job.stop;
      if (!spec) {
        errors.push(`${at}: job ${job.id} has no ${stop.kind}`);
        return;
      }
      if (stop.kind === 'pickup') {
        if (picked.has(job.id)) errors.push(`${at}: ${job.id} picked up twice`);
        picked.add(job.id);
        q.forEach((x, d) => {
          load[d] += x;
        });
      } else if (stop.kind === 'dropoff') {
        if (!picked.has(job.id)) errors.push(`${at}: ${job.id} dropped off before its pickup on this vehicle`);
        if (dropped.has(job.id)) errors.push(`${at}: ${job.id} dropped off twice`);
        dropped.add(job.id);
        q.forEach((x, d) => {
          load[d] -= x;
        });
      } else {
        if (singles.has(job.id)) errors.push(`${at}: ${job.id} visited twice`);
        singles.add(job.id);
        q.forEach((x, d) => {
          load[d] -= x;
        });
      }
      const over = overAt();
      if (over >= 0) errors.push(`${at}: load ${load[over]} over capacity ${capacity[over]} in dimension ${over}`);
      if (!close(load[0], stop.load)) errors.push(`${at}: reported load ${stop.load}, recomputed ${load[0]}`);
      if (stop.loads && (stop.loads.length !== dims || stop.loads.some((x, d) => !close(x, load[d])))) {
        errors.push(`${at}: reported loads ${stop.loads.join('/')}, recomputed ${load.join('/')}`);
      }
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
      if (stop.kind === 'dropoff' && job.maxRide !== undefined && pickupDeparture.has(job.id)) {
        const ride = start - (pickupDeparture.get(job.id) as number);
        if (ride > job.maxRide + eps) errors.push(`${at}: ${job.id} rides ${ride}, longer than its limit ${job.maxRide}`);
      }
      time = start + (spec.service ?? 0);
      if (stop.kind === 'pickup') pickupDeparture.set(job.id, time);
      if (!close(time, stop.departure)) errors.push(`${at}: reported departure ${stop.departure}, recomputed ${time}`);
      place = spec.location;
      if (breakGap === k + 1) takeBreak();
    });
    for (const id of picked) if (!dropped.has(id)) errors.push(`${where}: ${id} picked up but never dropped off`);
    for (const id of dropped) if (!picked.has(id)) errors.push(`${where}: ${id} dropped off but never picked up`);
    if (route.stops.length) {
      const back = travel(place, vehicle.endLocation);
      travelled += back;
      time += back;
      if (time > vehicle.latestReturn + eps) errors.push(`${where}: returns at ${time}, after ${vehicle.latestReturn}`);
      if (!close(time, route.returnTime)) errors.push(`${where}: reported return ${route.returnTime}, recomputed ${time}`);
      longest = Math.max(longest, time - route.departure);
    }
    if (!close(travelled, route.travelTime)) errors.push(`${where}: reported travel ${route.travelTime}, recomputed ${travelled}`);
    total += travelled;
  });
  for (const u of plan.unassigned) mark(u.jobId, 'unassigned');
  for (const job of problem.jobs) if (!seen.has(job.id)) errors.push(`job ${job.id} is neither planned nor unassigned`);
  if (!close(total, plan.travelTime)) errors.push(`reported total travel ${plan.travelTime}, recomputed ${total}`);
  if (plan.objective) {
    const o = plan.objective;
    let moved = 0;
    for (const route of plan.routes)
      for (const stop of route.stops) {
        const was = jobs.get(stop.jobId)?.planned?.vehicleId;
        if (was !== undefined && was !== route.vehicleId) moved++;
      }
    for (const u of plan.unassigned) {
      const job = jobs.get(u.jobId);
      if (job?.planned) moved += job.pickup ? 2 : 1;
    }
    if (!close(o.distance, total)) errors.push(`objective: distance ${o.distance}, recomputed ${total}`);
    if (!close(o.balance, longest)) errors.push(`objective: balance ${o.balance}, recomputed longest route ${longest}`);
    if (o.moved !== moved) errors.push(`objective: moved ${o.moved}, recomputed ${moved}`);
    if (o.lateness !== 0) errors.push(`objective: lateness ${o.lateness}, windows are hard`);
  }
  return errors;
}
