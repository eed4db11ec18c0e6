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
  /** capacity dimensions (>= 1) */
  dims: number;
  /**
   * change of the load at the stop, per dimension (index s * dims + d): pickup +q, drop-off -q, single -q (its q is
   * on board from the start)
   */
  delta: Float64Array;
  kind: Uint8Array;
  /** the other stop of a pair, -1 for a single */
  partner: Int32Array;
  jobOfStop: Int32Array;
  /** first stop of each job */
  jobFirst: Int32Array;
  /** demand per dimension, index job * dims + d */
  jobDemand: Float64Array;
  /** longest ride of a pair (Infinity: none) */
  jobMaxRide: Float64Array;
  /** some job has a ride limit */
  hasRide: boolean;
  /** vehicle index of the job's previous plan, -1: none */
  jobPlanned: Int32Array;
  /** 1 where vehicle v has every skill job j needs (index j * nVehicles + v); null: no job needs a skill */
  compat: Uint8Array | null;
  /** weight per stop planned on another vehicle than before (set by the solver) */
  stability: number;
  jobStat: Uint8Array;
  /** the only vehicle that may take the job, -1: any */
  jobVehicle: Int32Array;
  nVehicles: number;
  vStartLoc: Int32Array;
  vEndLoc: Int32Array;
  vStart: Float64Array;
  vEnd: Float64Array;
  /** capacity per dimension, index v * dims + d */
  vCap: Float64Array;
  /** break of each vehicle: duration (0: none), earliest and latest start */
  vBreakDur: Float64Array;
  vBreakEarly: Float64Array;
  vBreakLate: Float64Array;
  /** first vehicle with the same start, end, times and capacity (empty routes of twins are interchangeable) */
  vTwin: Int32Array;
}

function finite(value: unknown, field: string, fallback?: number): number {
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== 'number' || Number.isNaN(value)) throw new PlannerInputError(field, 'must be a number');
  return value;
}

function dimsOf(q: unknown): number {
  return Array.isArray(q) ? q.length : 1;
}

function quantity(q: unknown, dims: number, field: string, fallback: number, out: Float64Array, at: number): void {
  for (let d = 0; d < dims; d++) {
    const x = Array.isArray(q)
      ? d < q.length
        ? finite(q[d], `${field}[${d}]`)
        : fallback
      : d === 0
        ? finite(q, field, fallback)
        : fallback;
    if (x < 0) throw new PlannerInputError(field, 'must not be negative');
    out[at + d] = x;
  }
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
  let dims = 1;
  for (const v of problem.vehicles) dims = Math.max(dims, dimsOf(v?.capacity));
  for (const j of problem.jobs) dims = Math.max(dims, dimsOf(j?.demand));
  const vStartLoc = new Int32Array(nVehicles);
  const vEndLoc = new Int32Array(nVehicles);
  const vStart = new Float64Array(nVehicles);
  const vEnd = new Float64Array(nVehicles);
  const vCap = new Float64Array(nVehicles * dims);
  const vBreakDur = new Float64Array(nVehicles);
  const vBreakEarly = new Float64Array(nVehicles);
  const vBreakLate = new Float64Array(nVehicles);
  const vSkills: Set<string>[] = [];
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
    quantity(v.capacity, dims, `${f}.capacity`, Number.POSITIVE_INFINITY, vCap, i * dims);
    if (v.skills !== undefined && (!Array.isArray(v.skills) || v.skills.some((x) => typeof x !== 'string'))) {
      throw new PlannerInputError(`${f}.skills`, 'must be an array of strings');
    }
    vSkills.push(new Set(v.skills ?? []));
    if (v.break !== undefined) {
      const b = v.break;
      const dur = finite(b?.duration, `${f}.break.duration`);
      const e = finite(b?.earliest, `${f}.break.earliest`);
      const l = finite(b?.latest, `${f}.break.latest`);
      if (dur < 0) throw new PlannerInputError(`${f}.break.duration`, 'must not be negative');
      if (l < e) throw new PlannerInputError(`${f}.break.latest`, 'is before earliest');
      // a break whose window closed before the vehicle's start is taken already
      if (dur > 0 && l >= vStart[i]) {
        vBreakDur[i] = dur;
        vBreakEarly[i] = e;
        vBreakLate[i] = l;
      }
    }
    vTwin[i] = i;
    for (let k = 0; k < i; k++) {
      let same = vStartLoc[k] === vStartLoc[i] && vEndLoc[k] === vEndLoc[i] && vStart[k] === vStart[i] && vEnd[k] === vEnd[i];
      for (let d = 0; same && d < dims; d++) same = vCap[k * dims + d] === vCap[i * dims + d];
      same &&= vBreakDur[k] === vBreakDur[i] && vBreakEarly[k] === vBreakEarly[i] && vBreakLate[k] === vBreakLate[i];
      same &&= vSkills[k].size === vSkills[i].size && [...vSkills[k]].every((x) => vSkills[i].has(x));
      if (same) {
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
  const delta = new Float64Array(nStops * dims);
  const kind = new Uint8Array(nStops);
  const partner = new Int32Array(nStops).fill(-1);
  const jobOfStop = new Int32Array(nStops);
  const jobFirst = new Int32Array(nJobs);
  const jobDemand = new Float64Array(nJobs * dims);
  const jobMaxRide = new Float64Array(nJobs).fill(Number.POSITIVE_INFINITY);
  const jobPlanned = new Int32Array(nJobs).fill(-1);
  let compat: Uint8Array | null = null;
  let hasRide = false;
  const jobStat = new Uint8Array(nJobs);
  const jobVehicle = new Int32Array(nJobs).fill(-1);
  const vehicleIndex = new Map(problem.vehicles.map((v, i) => [v.id, i]));
  const jobIds = new Set<string>();

  let s = 0;
  const addStop = (stop: PlannerStop, field: string, job: number, k: number, sign: number) => {
    if (stop === null || typeof stop !== 'object') throw new PlannerInputError(field, 'must be an object');
    loc[s] = checkLocation(stop.location, `${field}.location`);
    early[s] = finite(stop.earliest, `${field}.earliest`, Number.NEGATIVE_INFINITY);
    late[s] = finite(stop.latest, `${field}.latest`, Number.POSITIVE_INFINITY);
    service[s] = finite(stop.service, `${field}.service`, 0);
    if (service[s] < 0) throw new PlannerInputError(`${field}.service`, 'must not be negative');
    if (late[s] < early[s]) throw new PlannerInputError(`${field}.latest`, 'is before earliest');
    kind[s] = k;
    for (let d = 0; d < dims; d++) delta[s * dims + d] = sign * jobDemand[job * dims + d];
    jobOfStop[s] = job;
    s++;
  };
  problem.jobs.forEach((job, i) => {
    const f = `jobs[${i}]`;
    if (typeof job.id !== 'string' || jobIds.has(job.id)) throw new PlannerInputError(`${f}.id`, 'must be a unique string');
    jobIds.add(job.id);
    quantity(job.demand, dims, `${f}.demand`, 0, jobDemand, i * dims);
    if (job.skills !== undefined) {
      if (!Array.isArray(job.skills) || job.skills.some((x) => typeof x !== 'string')) {
        throw new PlannerInputError(`${f}.skills`, 'must be an array of strings');
      }
      if (job.skills.length) {
        compat ??= new Uint8Array(nJobs * nVehicles).fill(1);
        for (let v = 0; v < nVehicles; v++) compat[i * nVehicles + v] = job.skills.every((x) => vSkills[v].has(x)) ? 1 : 0;
      }
    }
    if (job.maxRide !== undefined && job.pickup !== undefined) {
      jobMaxRide[i] = finite(job.maxRide, `${f}.maxRide`);
      if (jobMaxRide[i] < 0) throw new PlannerInputError(`${f}.maxRide`, 'must not be negative');
      hasRide = true;
    }
    if (job.planned !== undefined) {
      const v = vehicleIndex.get(job.planned?.vehicleId);
      // a vehicle gone from the problem: the job is moved wherever it goes
      jobPlanned[i] = v ?? nVehicles;
    }
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
    jobStat[i] = job.priority === 'stat' ? 1 : 0;
    jobFirst[i] = s;
    if (job.pickup !== undefined) {
      addStop(job.pickup, `${f}.pickup`, i, KIND_PICKUP, 1);
      addStop(job.dropoff as PlannerStop, `${f}.dropoff`, i, KIND_DROPOFF, -1);
      partner[s - 2] = s - 1;
      partner[s - 1] = s - 2;
    } else {
      addStop(job.stop as PlannerStop, `${f}.stop`, i, KIND_SINGLE, -1);
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
    dims,
    delta,
    kind,
    partner,
    jobOfStop,
    jobFirst,
    jobDemand,
    jobMaxRide,
    hasRide,
    jobPlanned,
    compat,
    stability: 0,
    jobStat,
    jobVehicle,
    nVehicles,
    vStartLoc,
    vEndLoc,
    vStart,
    vEnd,
    vCap,
    vBreakDur,
    vBreakEarly,
    vBreakLate,
    vTwin,
  };
}
