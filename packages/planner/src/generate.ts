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

export interface CourierDayOptions {
  seed?: number;
  /** pickup-and-delivery jobs (default 1000) */
  jobs?: number;
  /** drivers (default 50) */
  vehicles?: number;
  /** side of the square area, km (default 24) */
  areaKm?: number;
}

/**
 * A generated medical-courier day at scale, for the bench and the tests: specimens from clinics to a few labs
 * (UN3373, some refrigerated, a ride limit of 4 h), pharmacy deliveries (some refrigerated, some controlled), a
 * few STAT jobs; addresses clustered around hospital districts; drivers on two shifts (07:00-17:00, 09:00-19:00)
 * from one hub with a 30-minute break due between 11:30 and 14:00, capacity [general, cold] = [24, 8] on
 * refrigerated vans and [24, 0] on the others, skills per driver. Times in minutes from midnight, travel at 40 km/h
 * straight-line x 1.3. Deterministic for its seed.
 */
export function generateCourierDay(options: CourierDayOptions = {}): PlanningProblem {
  const rand = makeRandom(options.seed ?? 7);
  const nJobs = options.jobs ?? 1000;
  const nVehicles = options.vehicles ?? 50;
  const area = options.areaKm ?? 24;
  const points: [number, number][] = [[area / 2, area / 2]];
  const centres = Array.from({ length: 10 }, () => [area * (0.1 + 0.8 * rand()), area * (0.1 + 0.8 * rand())]);
  const around = (c: number[], spread: number): number => {
    const x = Math.min(area, Math.max(0, c[0] + (rand() - 0.5) * spread));
    const y = Math.min(area, Math.max(0, c[1] + (rand() - 0.5) * spread));
    points.push([x, y]);
    return points.length - 1;
  };
  const labs = Array.from({ length: 4 }, () => around(centres[Math.floor(rand() * centres.length)], 1));
  const pharmacies = Array.from({ length: 6 }, () => around(centres[Math.floor(rand() * centres.length)], 2));
  const address = () => around(centres[Math.floor(rand() * centres.length)], area * 0.3);
  const minutesPerKm = (60 / 40) * 1.3;
  const travel = (a: number, b: number) => Math.hypot(points[a][0] - points[b][0], points[a][1] - points[b][1]) * minutesPerKm;
  const jobs: PlannerJob[] = [];
  for (let i = 0; i < nJobs; i++) {
    const specimen = rand() < 0.6;
    const from = specimen ? address() : pharmacies[Math.floor(rand() * pharmacies.length)];
    const to = specimen ? labs[Math.floor(rand() * labs.length)] : address();
    const cold = rand() < 0.15;
    const controlled = !specimen && rand() < 0.08;
    const stat = rand() < 0.03;
    const ready = 450 + Math.floor(rand() * 540);
    const direct = travel(from, to);
    const skills = [
      ...(specimen ? ['un3373_trained'] : []),
      ...(cold ? ['refrigerated'] : []),
      ...(controlled ? ['controlled_substance'] : []),
    ];
    const units = 1 + Math.floor(rand() * 2);
    jobs.push({
      id: `job-${i + 1}`,
      demand: cold ? [0, units] : [units, 0],
      skills,
      priority: stat ? 'stat' : 'normal',
      ...(specimen ? { maxRide: 240 } : {}),
      pickup: { location: from, earliest: ready, latest: ready + (stat ? 45 : 150), service: 3 },
      dropoff: { location: to, earliest: ready, latest: ready + direct + (stat ? 90 : 300), service: 2 },
    });
  }
  const vehicles: PlannerVehicle[] = Array.from({ length: nVehicles }, (_, i) => {
    const early = i % 2 === 0;
    const refrigerated = i % 3 !== 2;
    const skills = [
      ...(refrigerated ? ['refrigerated'] : []),
      ...(i % 5 === 0 ? ['controlled_substance'] : []),
      ...(i % 4 !== 3 ? ['un3373_trained'] : []),
    ];
    return {
      id: `driver-${i + 1}`,
      startLocation: 0,
      startTime: early ? 420 : 540,
      endLocation: 0,
      latestReturn: early ? 1020 : 1140,
      capacity: [24, refrigerated ? 8 : 0],
      skills,
      break: { duration: 30, earliest: 690, latest: 840 },
    };
  });
  const n = points.length;
  const matrix = Array.from({ length: n }, (_, a) => Float64Array.from({ length: n }, (_, b) => travel(a, b)));
  return { vehicles, jobs, travelTime: matrix };
}
