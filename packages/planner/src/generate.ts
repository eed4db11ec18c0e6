import { makeRandom } from './rng.js';
import type { PlannerJob, PlannerVehicle, PlanningProblem } from './types.js';

export interface GeneratedDayOptions {
  seed?: number;
  jobs?: number;
  vehicles?: number;
  /** side of the square area, km (default 20) */
  areaKm?: number;
  /** share of the jobs that are STAT (default 0.05) */
  statShare?: number;
}

/**
 * A synthetic medical-courier day for tests and the bench: `jobs` pickup-and-delivery pairs (specimens from
 * clinics to labs) in a square area, times in minutes from midnight, drivers from a hub 08:00-18:00 with
 * capacity 12, travel at 40 km/h straight-line x 1.3. Deterministic for its seed.
 */
export function generatePdpDay(options: GeneratedDayOptions = {}): PlanningProblem {
  const rand = makeRandom(options.seed ?? 1);
  const nJobs = options.jobs ?? 300;
  const nVehicles = options.vehicles ?? 15;
  const area = options.areaKm ?? 20;
  const statShare = options.statShare ?? 0.05;
  const points: [number, number][] = [[area / 2, area / 2]];
  // places cluster around a few "hospital districts", as real pickups do
  const centres = Array.from({ length: 6 }, () => [rand() * area, rand() * area]);
  const place = () => {
    const c = centres[Math.floor(rand() * centres.length)];
    const x = Math.min(area, Math.max(0, c[0] + (rand() - 0.5) * area * 0.4));
    const y = Math.min(area, Math.max(0, c[1] + (rand() - 0.5) * area * 0.4));
    points.push([x, y]);
    return points.length - 1;
  };
  const minutesPerKm = (60 / 40) * 1.3;
  const travel = (a: number, b: number) => Math.hypot(points[a][0] - points[b][0], points[a][1] - points[b][1]) * minutesPerKm;
  const jobs: PlannerJob[] = [];
  for (let i = 0; i < nJobs; i++) {
    const from = place();
    const to = place();
    const stat = rand() < statShare;
    const ready = 480 + Math.floor(rand() * 420);
    const direct = travel(from, to);
    jobs.push({
      id: `job-${i + 1}`,
      demand: 1 + Math.floor(rand() * 3),
      priority: stat ? 'stat' : 'normal',
      pickup: { location: from, earliest: ready, latest: ready + (stat ? 30 : 180), service: 3 },
      dropoff: { location: to, earliest: ready, latest: ready + direct + (stat ? 60 : 300), service: 3 },
    });
  }
  const vehicles: PlannerVehicle[] = Array.from({ length: nVehicles }, (_, i) => ({
    id: `driver-${i + 1}`,
    startLocation: 0,
    startTime: 480,
    endLocation: 0,
    latestReturn: 1080,
    capacity: 12,
  }));
  const n = points.length;
  const matrix = Array.from({ length: n }, (_, a) => Array.from({ length: n }, (_, b) => travel(a, b)));
  return { vehicles, jobs, travelTime: matrix };
}
