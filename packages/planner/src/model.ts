import type { PlannerStop, PlanningProblem, TravelTime } from './types.js';

/** Bad input: `field` names the offending field as a path (e.g. `jobs[3].pickup.location`). */
export class PlannerInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = 'PlannerInputError';
  }
}

export const KIND_SINGLE = 0;
export const KIND_PICKUP = 1;
export const KIND_DROPOFF = 2;

/** The problem flattened into arrays: stops are numbered 0..n-1, a pair's drop-off right after its pickup. */
export interface Model {
  nStops: number;
  nJobs: number;
  nLocations: number;
  /** travel time, row-major over locations */
  tt: Float64Array;
  loc: Int32Array;
  early: Float64Array;
  late: Float64Array;
  service: Float64Array;
  /** change of the load at the stop: pickup +q, drop-off -q, single -q (its q is on board from the start) */
  delta: Float64Array;
  kind: Uint8Array;
  /** the other stop of a pair, -1 for a single */
  partner: Int32Array;
  jobOfStop: Int32Array;
  /** first stop of each job */
  jobFirst: Int32Array;
  jobDemand: Float64Array;
  jobStat: Uint8Array;
  /** the only vehicle that may take the job, -1: any */
  jobVehicle: Int32Array;
  nVehicles: number;
  vStartLoc: Int32Array;
  vEndLoc: Int32Array;
  vStart: Float64Array;
  vEnd: Float64Array;
  vCap: Float64Array;
  /** first vehicle with the same start, end, times and capacity (empty routes of twins are interchangeable) */
  vTwin: Int32Array;
}

function finite(value: unknown, field: string, fallback?: number): number {
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== 'number' || Number.isNaN(value)) throw new PlannerInputError(field, 'must be a number');
  return value;
}

export function buildModel(problem: PlanningProblem): Model {
  if (!problem || !Array.isArray(problem.vehicles)) throw new PlannerInputError('vehicles', 'must be an array');
  if (!Array.isArray(problem.jobs)) throw new PlannerInputError('jobs', 'must be an array');
  const travel: TravelTime = problem.travelTime;
  if (typeof travel !== 'function' && (travel == null || typeof travel.length !== 'number')) {
    throw new PlannerInputError('travelTime', 'must be a matrix or a function');
  }

  let nLocations = typeof travel === 'function' ? 0 : travel.length;
  const checkLocation = (value: unknown, field: string): number => {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
      throw new PlannerInputError(field, 'must be a non-negative integer place index');
    }
    if (typeof travel !== 'function' && value >= travel.length) {
      throw new PlannerInputError(field, `place ${value} is outside the travel-time matrix (${travel.length} places)`);
    }
    if (typeof travel === 'function') nLocations = Math.max(nLocations, value + 1);
    return value;
  };

  const nVehicles = problem.vehicles.length;
  const vStartLoc = new Int32Array(nVehicles);
  const vEndLoc = new Int32Array(nVehicles);
  const vStart = new Float64Array(nVehicles);
  const vEnd = new Float64Array(nVehicles);
  const vCap = new Float64Array(nVehicles);
  const vTwin = new Int32Array(nVehicles);
  const vehicleIds = new Set<string>();
  problem.vehicles.forEach((v, i) => {
    const f = `vehicles[${i}]`;
    if (typeof v?.id !== 'string' || vehicleIds.has(v.id)) throw new PlannerInputError(`${f}.id`, 'must be a unique string');
    vehicleIds.add(v.id);
    vStartLoc[i] = checkLocation(v.startLocation, `${f}.startLocation`);
    vEndLoc[i] = checkLocation(v.endLocation, `${f}.endLocation`);
    vStart[i] = finite(v.startTime, `${f}.startTime`);
    vEnd[i] = finite(v.latestReturn, `${f}.latestReturn`);
    vCap[i] = finite(v.capacity, `${f}.capacity`, Number.POSITIVE_INFINITY);
    if (vCap[i] < 0) throw new PlannerInputError(`${f}.capacity`, 'must not be negative');
    vTwin[i] = i;
    for (let k = 0; k < i; k++) {
      if (
        vStartLoc[k] === vStartLoc[i] &&
        vEndLoc[k] === vEndLoc[i] &&
        vStart[k] === vStart[i] &&
        vEnd[k] === vEnd[i] &&
        vCap[k] === vCap[i]
      ) {
        vTwin[i] = k;
        break;
      }
    }
  });

  const nJobs = problem.jobs.length;
  let nStops = 0;
  problem.jobs.forEach((job, i) => {
    if (job?.pickup !== undefined || job?.dropoff !== undefined) {
      if (job.pickup === undefined) throw new PlannerInputError(`jobs[${i}].pickup`, 'is required with a dropoff');
      if (job.dropoff === undefined) throw new PlannerInputError(`jobs[${i}].dropoff`, 'is required with a pickup');
      if (job.stop !== undefined) throw new PlannerInputError(`jobs[${i}].stop`, 'cannot be given with a pickup and dropoff');
      nStops += 2;
    } else if (job?.stop !== undefined) nStops += 1;
    else throw new PlannerInputError(`jobs[${i}]`, 'needs a pickup and a dropoff, or a stop');
  });

  const loc = new Int32Array(nStops);
  const early = new Float64Array(nStops);
  const late = new Float64Array(nStops);
  const service = new Float64Array(nStops);
  const delta = new Float64Array(nStops);
  const kind = new Uint8Array(nStops);
  const partner = new Int32Array(nStops).fill(-1);
  const jobOfStop = new Int32Array(nStops);
  const jobFirst = new Int32Array(nJobs);
  const jobDemand = new Float64Array(nJobs);
  const jobStat = new Uint8Array(nJobs);
  const jobVehicle = new Int32Array(nJobs).fill(-1);
  const vehicleIndex = new Map(problem.vehicles.map((v, i) => [v.id, i]));
  const jobIds = new Set<string>();

  let s = 0;
  const addStop = (stop: PlannerStop, field: string, job: number, k: number, d: number) => {
    if (stop === null || typeof stop !== 'object') throw new PlannerInputError(field, 'must be an object');
    loc[s] = checkLocation(stop.location, `${field}.location`);
    early[s] = finite(stop.earliest, `${field}.earliest`, Number.NEGATIVE_INFINITY);
    late[s] = finite(stop.latest, `${field}.latest`, Number.POSITIVE_INFINITY);
    service[s] = finite(stop.service, `${field}.service`, 0);
    if (service[s] < 0) throw new PlannerInputError(`${field}.service`, 'must not be negative');
    if (late[s] < early[s]) throw new PlannerInputError(`${field}.latest`, 'is before earliest');
    kind[s] = k;
    delta[s] = d;
    jobOfStop[s] = job;
    s++;
  };
  problem.jobs.forEach((job, i) => {
    const f = `jobs[${i}]`;
    if (typeof job.id !== 'string' || jobIds.has(job.id)) throw new PlannerInputError(`${f}.id`, 'must be a unique string');
    jobIds.add(job.id);
    const q = finite(job.demand, `${f}.demand`, 0);
    if (q < 0) throw new PlannerInputError(`${f}.demand`, 'must not be negative');
    if (job.priority !== undefined && job.priority !== 'stat' && job.priority !== 'normal') {
      throw new PlannerInputError(`${f}.priority`, "must be 'stat' or 'normal'");
    }
    if (job.vehicleId !== undefined) {
      const v = vehicleIndex.get(job.vehicleId);
      if (v === undefined) throw new PlannerInputError(`${f}.vehicleId`, `no vehicle ${job.vehicleId}`);
      jobVehicle[i] = v;
      // its empty route is not interchangeable with its twins' any more
      vTwin[v] = v;
    }
    jobDemand[i] = q;
    jobStat[i] = job.priority === 'stat' ? 1 : 0;
    jobFirst[i] = s;
    if (job.pickup !== undefined) {
      addStop(job.pickup, `${f}.pickup`, i, KIND_PICKUP, q);
      addStop(job.dropoff as PlannerStop, `${f}.dropoff`, i, KIND_DROPOFF, -q);
      partner[s - 2] = s - 1;
      partner[s - 1] = s - 2;
    } else {
      addStop(job.stop as PlannerStop, `${f}.stop`, i, KIND_SINGLE, -q);
    }
  });

  const L = Math.max(nLocations, 1);
  const tt = new Float64Array(L * L);
  for (let a = 0; a < L; a++) {
    const row = typeof travel === 'function' ? null : travel[a];
    if (row && row.length < L) throw new PlannerInputError(`travelTime[${a}]`, `must have ${L} entries`);
    for (let b = 0; b < L; b++) {
      const t = row ? row[b] : (travel as (from: number, to: number) => number)(a, b);
      if (typeof t !== 'number' || !(t >= 0) || t === Number.POSITIVE_INFINITY) {
        throw new PlannerInputError(`travelTime[${a}][${b}]`, 'must be a finite number >= 0');
      }
      tt[a * L + b] = t;
    }
  }

  return {
    nStops,
    nJobs,
    nLocations: L,
    tt,
    loc,
    early,
    late,
    service,
    delta,
    kind,
    partner,
    jobOfStop,
    jobFirst,
    jobDemand,
    jobStat,
    jobVehicle,
    nVehicles,
    vStartLoc,
    vEndLoc,
    vStart,
    vEnd,
    vCap,
    vTwin,
  };
}
