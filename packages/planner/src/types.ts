/**
 * Public types of the route planner. Places are integer indices into the travel-time matrix (or arguments of the
 * travel-time function); times are plain numbers in the same unit as the travel times (seconds, minutes: the caller
 * chooses). A time window's `latest` is the latest time service may START at that stop.
 */

/** Travel time from one place to another: a square matrix indexed by place, or a function of two places. */
export type TravelTime = ArrayLike<ArrayLike<number>> | ((from: number, to: number) => number);

export interface PlannerStop {
  /** Index of the place in the travel-time matrix. */
  location: number;
  /** Earliest service start (default: -Infinity, i.e. no lower bound). */
  earliest?: number;
  /** Latest service start (default: +Infinity). */
  latest?: number;
  /** Time spent at the stop (default 0). */
  service?: number;
}

interface JobBase {
  id: string;
  /** Capacity units the job occupies (default 0). */
  demand?: number;
  /** A STAT job is never left unassigned while some vehicle could take it. */
  priority?: 'stat' | 'normal';
  /** Only this vehicle may take the job (e.g. a job already assigned to its driver). */
  vehicleId?: string;
}

/** A pickup and its drop-off: both on the same vehicle, the pickup first. */
export interface PairJob extends JobBase {
  pickup: PlannerStop;
  dropoff: PlannerStop;
  stop?: undefined;
}

/**
 * A single stop (e.g. a delivery loaded at the vehicle's start). Its demand is carried from the start of the route
 * up to the stop.
 */
export interface SingleJob extends JobBase {
  stop: PlannerStop;
  pickup?: undefined;
  dropoff?: undefined;
}

export type PlannerJob = PairJob | SingleJob;

export interface PlannerVehicle {
  id: string;
  startLocation: number;
  /** The vehicle may leave its start no earlier than this. */
  startTime: number;
  endLocation: number;
  /** The vehicle must be back at its end location by this time. */
  latestReturn: number;
  /** Capacity in units (default: unlimited). */
  capacity?: number;
  /**
   * Stops the vehicle is already committed to (e.g. the job its driver is heading to): visited first, in this
   * order, from its start, whatever their windows; the search plans everything else after them. A pair whose
   * pickup is committed keeps its drop-off on this vehicle.
   */
  committed?: { jobId: string; kind: StopKind }[];
}

export interface PlanningProblem {
  vehicles: PlannerVehicle[];
  jobs: PlannerJob[];
  travelTime: TravelTime;
}

export interface SolveOptions {
  /** Seed of the pseudo-random generator (default 1). Same seed and same iterations give the same plan. */
  seed?: number;
  /** Wall-clock budget of the search in milliseconds (default 2000). The construction always completes. */
  timeLimitMs?: number;
  /**
   * Upper bound on ruin-and-recreate iterations. When set, the search's schedule depends only on the iteration
   * count, so a run that is not cut by the time limit is fully deterministic for its seed.
   */
  maxIterations?: number;
}

export type StopKind = 'pickup' | 'dropoff' | 'stop';

export interface PlannedStop {
  jobId: string;
  kind: StopKind;
  location: number;
  arrival: number;
  /** Time waited before the window opens (start - arrival). */
  wait: number;
  /** Service start. */
  start: number;
  departure: number;
  /** Load on board after the stop. */
  load: number;
}

export interface PlannedRoute {
  vehicleId: string;
  /** Departure from the start location (0 stops: the vehicle's start time). */
  departure: number;
  stops: PlannedStop[];
  /** Arrival back at the end location. */
  returnTime: number;
  travelTime: number;
}

export type UnassignedReason = 'no_window_fits' | 'over_capacity' | 'no_vehicle';

export interface UnassignedJob {
  jobId: string;
  reason: UnassignedReason;
}

export interface Plan {
  /** One route per vehicle, in the order of `problem.vehicles` (a vehicle with no stops has an empty route). */
  routes: PlannedRoute[];
  unassigned: UnassignedJob[];
  /** Sum of the routes' travel times. */
  travelTime: number;
  /** Search statistics. */
  iterations: number;
  elapsedMs: number;
}
