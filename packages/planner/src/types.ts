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

/**
 * Capacity or demand in several dimensions: index 0 general units, 1 cold-compartment units, then any further
 * compartments. A plain number is the one-dimensional [n]. A missing dimension counts as 0 in a demand and as
 * unlimited in a capacity.
 */
export type Quantity = number | number[];

export interface JobBase {
  id: string;
  /** Capacity units the job occupies, per dimension (default 0). Checked at every stop. */
  demand?: Quantity;
  /** Skills the vehicle must carry, all of them (e.g. `refrigerated`, `controlled_substance`). */
  skills?: string[];
  /**
   * Longest ride of a pair: from the pickup's departure to the drop-off's service start (same unit as the travel
   * times). Ignored for a single stop.
   */
  maxRide?: number;
  /**
   * Its place in the previous plan (vehicle and position among that vehicle's stops, 0-based), for the
   * `stability` term: a job planned on another vehicle than this counts as moved.
   */
  planned?: { vehicleId: string; order: number };
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
 * up to the stop. A parcel already on board (picked up before a re-plan) is a SingleJob with its drop-off as
 * `stop` and `vehicleId` set to the vehicle carrying it: it must be dropped by that vehicle.
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
  /** Capacity per dimension (see Quantity; default: unlimited). */
  capacity?: Quantity;
  /** Skills the vehicle and its driver carry. */
  skills?: string[];
  /**
   * A break of `duration` that must start between `earliest` and `latest`; the planner places it (between two
   * stops, before the first or after the last, waiting counts toward it only if taken as the break).
   */
  break?: { duration: number; earliest: number; latest: number };
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

/** A plan as the checker takes it: the objective is checked when given. */
export type CheckablePlan = Omit<Plan, 'objective' | 'iterations' | 'elapsedMs'> &
  Partial<Pick<Plan, 'objective' | 'iterations' | 'elapsedMs'>>;

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
  /**
   * Weight per moved stop (in travel-time units): a job planned on another vehicle than its `planned.vehicleId`
   * costs this much per stop. Default 0.
   */
  stability?: number;
  /** Weight on the longest route's duration (min-max), added to the travel time. Default 0. */
  balance?: number;
  /** Stops the search early (the best plan so far is returned). */
  signal?: AbortSignal;
  /** Called now and then during the search (about every 250 ms). */
  onProgress?: (p: { iteration: number; cost: number; elapsedMs: number; feasible: boolean }) => void;
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
  /** Load on board after the stop (dimension 0). */
  load: number;
  /** Load per dimension after the stop, when the problem has more than one dimension. */
  loads?: number[];
}

export interface PlannedRoute {
  vehicleId: string;
  /** Departure from the start location (0 stops: the vehicle's start time). */
  departure: number;
  stops: PlannedStop[];
  /** Arrival back at the end location. */
  returnTime: number;
  travelTime: number;
  /** Start of the vehicle's break, when it has one (the break runs breakStart..breakStart + duration). */
  breakStart?: number;
}

export type UnassignedReason = 'no_window_fits' | 'over_capacity' | 'no_vehicle' | 'no_skill';

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
  /**
   * The objective's parts: distance (= travelTime), lateness (0: windows are hard), balance (the longest route's
   * duration, return - departure, of the routes with stops), moved (stops on another vehicle than planned).
   */
  objective: { distance: number; lateness: number; balance: number; moved: number };
  /** Search statistics. */
  iterations: number;
  elapsedMs: number;
}
