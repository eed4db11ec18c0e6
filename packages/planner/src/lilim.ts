import type { PlannerJob, PlanningProblem } from './types.js';

/** A Li & Lim PDPTW instance: task 0 is the depot; each pickup names its delivery. */
export interface LiLimInstance {
  name: string;
  vehicles: number;
  capacity: number;
  tasks: {
    id: number;
    x: number;
    y: number;
    demand: number;
    ready: number;
    due: number;
    service: number;
    /** for a delivery: its pickup (else 0) */
    pickup: number;
    /** for a pickup: its delivery (else 0) */
    delivery: number;
  }[];
}

/** Parses Li & Lim's text format: `vehicles capacity speed`, then `id x y demand earliest latest service pickup delivery`. */
export function parseLiLim(text: string, name = ''): LiLimInstance {
  const rows = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => l.split(/\s+/).map(Number));
  if (rows.length < 2 || rows[0].length < 2 || !rows[0].every(Number.isFinite)) throw new Error('Li & Lim file: no header line');
  const [vehicles, capacity] = rows[0];
  const tasks = rows.slice(1).map((n, i) => {
    if (n.length < 9 || !n.every(Number.isFinite)) throw new Error(`Li & Lim file: line ${i + 2} is not 9 numbers`);
    const [id, x, y, demand, ready, due, service, pickup, delivery] = n;
    if (id !== i) throw new Error(`Li & Lim file: task ${id} out of order`);
    return { id, x, y, demand, ready, due, service, pickup, delivery };
  });
  for (const t of tasks.slice(1)) {
    const other = t.delivery > 0 ? tasks[t.delivery] : tasks[t.pickup];
    if (!other || (t.delivery > 0 ? other.pickup !== t.id : other.delivery !== t.id))
      throw new Error(`Li & Lim file: task ${t.id} has no partner`);
  }
  return { name, vehicles, capacity, tasks };
}

/** The planner's problem: one pair per pickup (job id `pickup-delivery`), at most `maxVehicles` identical vehicles. */
export function liLimProblem(inst: LiLimInstance, maxVehicles = inst.vehicles): PlanningProblem {
  const t = inst.tasks;
  const depot = t[0];
  const jobs: PlannerJob[] = [];
  for (const p of t.slice(1)) {
    if (p.delivery <= 0) continue;
    const d = t[p.delivery];
    jobs.push({
      id: `${p.id}-${d.id}`,
      demand: p.demand,
      pickup: { location: p.id, earliest: p.ready, latest: p.due, service: p.service },
      dropoff: { location: d.id, earliest: d.ready, latest: d.due, service: d.service },
    });
  }
  return {
    travelTime: t.map((a) => t.map((b) => Math.hypot(a.x - b.x, a.y - b.y))),
    vehicles: Array.from({ length: Math.min(inst.vehicles, maxVehicles) }, (_, i) => ({
      id: `v${i + 1}`,
      startLocation: 0,
      startTime: depot.ready,
      endLocation: 0,
      latestReturn: depot.due,
      capacity: inst.capacity,
    })),
    jobs,
  };
}

/**
 * Checks routes given as task ids against the instance, independently of the planner: each task once, a pickup
 * before its delivery on the same route, the capacity after every task, each window, back by the depot's due time,
 * at most `maxVehicles` routes. Returns the violations and the total Euclidean distance.
 */
export function checkLiLimRoutes(inst: LiLimInstance, routes: number[][], maxVehicles = inst.vehicles) {
  const violations: string[] = [];
  const t = inst.tasks;
  const dist = (a: number, b: number) => Math.hypot(t[a].x - t[b].x, t[a].y - t[b].y);
  const visits = new Array(t.length).fill(0);
  let distance = 0;
  const used = routes.filter((r) => r.length > 0);
  if (used.length > Math.min(maxVehicles, inst.vehicles)) violations.push(`${used.length} routes, more than allowed`);
  used.forEach((route, k) => {
    let time = t[0].ready;
    let place = 0;
    let load = 0;
    const seen = new Set<number>();
    for (const id of route) {
      if (!Number.isInteger(id) || id < 1 || id >= t.length) {
        violations.push(`route ${k}: no task ${id}`);
        continue;
      }
      visits[id]++;
      if (t[id].pickup > 0 && !seen.has(t[id].pickup)) violations.push(`route ${k}: delivery ${id} before its pickup`);
      seen.add(id);
      load += t[id].demand;
      if (load > inst.capacity) violations.push(`route ${k}: load ${load} over ${inst.capacity} at ${id}`);
      distance += dist(place, id);
      time = Math.max(time + dist(place, id), t[id].ready);
      if (time > t[id].due + 1e-9) violations.push(`route ${k}: task ${id} served at ${time}, due ${t[id].due}`);
      time += t[id].service;
      place = id;
    }
    for (const id of seen) if (t[id].delivery > 0 && !seen.has(t[id].delivery)) violations.push(`route ${k}: pickup ${id} never delivered`);
    distance += dist(place, 0);
    time += dist(place, 0);
    if (time > t[0].due + 1e-9) violations.push(`route ${k}: back at ${time}, depot closes ${t[0].due}`);
  });
  for (let i = 1; i < t.length; i++) if (visits[i] !== 1) violations.push(`task ${i} visited ${visits[i]} times`);
  return { violations, distance, vehicles: used.length };
}
