import type { PlanningProblem } from './types.js';

/** A Solomon VRPTW instance: customer 0 is the depot. */
export interface SolomonInstance {
  name: string;
  vehicles: number;
  capacity: number;
  customers: { id: number; x: number; y: number; demand: number; ready: number; due: number; service: number }[];
}

/** Parses Solomon's text format (name, VEHICLE NUMBER/CAPACITY, CUSTOMER rows of 7 numbers). */
export function parseSolomon(text: string): SolomonInstance {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const name = lines.find((l) => l.length > 0) ?? '';
  const numbers = (l: string) => l.split(/\s+/).filter(Boolean).map(Number);
  const vIndex = lines.findIndex((l) => /^VEHICLE/i.test(l));
  let vehicles = Number.NaN;
  let capacity = Number.NaN;
  for (let i = vIndex + 1; vIndex >= 0 && i < lines.length; i++) {
    const n = numbers(lines[i]);
    if (n.length === 2 && n.every(Number.isFinite)) {
      [vehicles, capacity] = n;
      break;
    }
  }
  if (!Number.isFinite(vehicles) || !Number.isFinite(capacity)) throw new Error('Solomon file: no VEHICLE NUMBER/CAPACITY');
  const cIndex = lines.findIndex((l) => /^CUSTOMER/i.test(l));
  const customers: SolomonInstance['customers'] = [];
  for (let i = cIndex + 1; cIndex >= 0 && i < lines.length; i++) {
    const n = numbers(lines[i]);
    if (n.length !== 7 || !n.every(Number.isFinite)) continue;
    const [id, x, y, demand, ready, due, service] = n;
    customers.push({ id, x, y, demand, ready, due, service });
  }
  if (customers.length < 2 || customers[0].id !== 0) throw new Error('Solomon file: no customer rows with the depot first');
  customers.forEach((c, i) => {
    if (c.id !== i) throw new Error(`Solomon file: customer ${c.id} out of order`);
  });
  return { name, vehicles, capacity, customers };
}

export function euclidean(inst: SolomonInstance): number[][] {
  return inst.customers.map((a) => inst.customers.map((b) => Math.hypot(a.x - b.x, a.y - b.y)));
}

/**
 * The planner's problem for an instance: one job per customer (place = customer number), identical vehicles
 * (at most `maxVehicles`) from and back to the depot within its window, travel time = Euclidean distance.
 */
export function solomonProblem(inst: SolomonInstance, maxVehicles = 25): PlanningProblem {
  const depot = inst.customers[0];
  const count = Math.min(inst.vehicles, maxVehicles);
  return {
    travelTime: euclidean(inst),
    vehicles: Array.from({ length: count }, (_, i) => ({
      id: `v${i + 1}`,
      startLocation: 0,
      startTime: depot.ready,
      endLocation: 0,
      latestReturn: depot.due,
      capacity: inst.capacity,
    })),
    jobs: inst.customers.slice(1).map((c) => ({
      id: String(c.id),
      demand: c.demand,
      stop: { location: c.id, earliest: c.ready, latest: c.due, service: c.service },
    })),
  };
}

/**
 * Checks routes given as customer numbers against the instance, independently of the planner: each customer
 * exactly once, the capacity, service starting within each window, back at the depot by its due time, at most
 * `maxVehicles` routes. Returns the violations and the total Euclidean distance.
 */
export function checkSolomonRoutes(
  inst: SolomonInstance,
  routes: number[][],
  maxVehicles = 25,
): { violations: string[]; distance: number; vehicles: number } {
  const violations: string[] = [];
  const c = inst.customers;
  const d = (a: number, b: number) => Math.hypot(c[a].x - c[b].x, c[a].y - c[b].y);
  const visits = new Array(c.length).fill(0);
  let distance = 0;
  const used = routes.filter((r) => r.length > 0);
  if (used.length > Math.min(maxVehicles, inst.vehicles)) violations.push(`${used.length} routes, more than allowed`);
  used.forEach((route, k) => {
    let time = c[0].ready;
    let place = 0;
    let load = 0;
    for (const id of route) {
      if (!Number.isInteger(id) || id < 1 || id >= c.length) {
        violations.push(`route ${k}: no customer ${id}`);
        continue;
      }
      visits[id]++;
      load += c[id].demand;
      distance += d(place, id);
      time = Math.max(time + d(place, id), c[id].ready);
      if (time > c[id].due + 1e-9) violations.push(`route ${k}: customer ${id} served at ${time}, due ${c[id].due}`);
      time += c[id].service;
      place = id;
    }
    distance += d(place, 0);
    time += d(place, 0);
    if (time > c[0].due + 1e-9) violations.push(`route ${k}: back at ${time}, depot closes ${c[0].due}`);
    if (load > inst.capacity) violations.push(`route ${k}: load ${load} over ${inst.capacity}`);
  });
  for (let i = 1; i < c.length; i++) if (visits[i] !== 1) violations.push(`customer ${i} visited ${visits[i]} times`);
  return { violations, distance, vehicles: used.length };
}
