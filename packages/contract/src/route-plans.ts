import { z } from 'zod';
import { DELIVERY_STATUSES } from './deliveries.js';
import { PRIORITIES } from './medical.js';

/**
 * Route planning, STAFF and above, under /api/v1/admin:
 * - POST /route-plans (ZRoutePlanRequest) → 201 ZRoutePlanResponse: a stored preview, nothing changes yet;
 * - POST /route-plans/insertions (ZRouteInsertionRequest) → 201 ZRoutePlanResponse: one job (a STAT approved while
 *   routes run) inserted into the best route keeping everyone's windows, the stops already there keeping their order;
 *   `routes` holds the one changed route (empty when no driver can take it: the job is in `unassigned`);
 * - POST /route-plans/{id}/apply (no body) → 200 ZRoutePlanResponse (appliedAt set): assigns every planned job
 *   through the manual assignment's move and stores each driver's stop order; 409 ROUTE_PLAN_STALE when a job
 *   moved (status, driver or any change) since the preview, 409 ROUTE_PLAN_APPLIED when applied already;
 * - GET /live-map → ZLiveMapResponse: the dispatch map's drivers and open jobs (update it on the live event stream);
 * - PATCH /users/{id}/shift (ZDriverShiftRequest, ADMIN and above like the users page) → ZManagedUserResponse.
 */

const isoDate = z.iso.datetime();

/** How many capacity units a parcel of each size takes in a vehicle. */
export const PACKAGE_SIZE_UNITS = { small: 1, medium: 2, large: 4, extra_large: 8 } as const;
/** A driver's vehicle capacity (units) when none is set. */
export const DEFAULT_VEHICLE_CAPACITY = 20;
export const MAX_VEHICLE_CAPACITY = 1000;

/** Where a driver's shift starts (and ends): the home base, or the driver's last known position. */
export const SHIFT_START_PLACES = ['base', 'current'] as const;
export type TShiftStartPlace = (typeof SHIFT_START_PLACES)[number];

const hhmm = (label: string) =>
  z.string({ error: `${label} must be a time HH:MM` }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} must be a time HH:MM`);

/** The longest break a shift may carry, minutes. */
export const MAX_BREAK_MINUTES = 180;

/**
 * A shift's break, placed by the planner: `minutes` long, starting no earlier than `earliest` and no later than
 * `latest` (HH:MM in BUSINESS_TZ).
 */
export const ZShiftBreak = z
  .object({
    minutes: z
      .number({ error: 'Break length must be a whole number of minutes' })
      .int('Break length must be a whole number of minutes')
      .min(5, 'Break length must be at least 5 minutes')
      .max(MAX_BREAK_MINUTES, `Break length must be at most ${MAX_BREAK_MINUTES} minutes`),
    earliest: hhmm('Break earliest start'),
    latest: hhmm('Break latest start'),
  })
  .refine((b) => b.latest >= b.earliest, { message: 'Break latest start must not be before its earliest start', path: ['latest'] });
export type TShiftBreak = z.infer<typeof ZShiftBreak>;

/** A driver's working hours (HH:MM in BUSINESS_TZ, end after start), with an optional break inside them. */
export const ZDriverShift = z
  .object({
    start: hhmm('Shift start'),
    end: hhmm('Shift end'),
    startPlace: z.enum(SHIFT_START_PLACES, { error: `Start place must be one of ${SHIFT_START_PLACES.join(', ')}` }),
    break: ZShiftBreak.nullable().optional(),
  })
  .refine((s) => s.end > s.start, { message: 'Shift end must be after its start', path: ['end'] })
  .refine((s) => !s.break || (s.break.earliest >= s.start && s.break.latest < s.end), {
    message: 'The break must start within the shift',
    path: ['break', 'earliest'],
  });
export type TDriverShift = z.infer<typeof ZDriverShift>;

/**
 * Skills a driver (and the vehicle they drive) may hold; jobs ask for them from their handling (see
 * skillsNeededBy). Administrators may add their own (lower-case words joined by underscores).
 */
export const DRIVER_SKILLS = ['refrigerated', 'frozen', 'controlled_substance', 'un3373_trained'] as const;
export type TDriverSkill = (typeof DRIVER_SKILLS)[number];
export const DRIVER_SKILL_LABELS: Record<TDriverSkill, string> = {
  refrigerated: 'Refrigerated (2–8 °C)',
  frozen: 'Frozen',
  controlled_substance: 'Controlled substances',
  un3373_trained: 'UN3373 specimens trained',
};
export const MAX_DRIVER_SKILLS = 20;
export const SKILL_PATTERN = /^[a-z][a-z0-9_]{1,39}$/;
export const ZSkill = z
  .string({ error: 'A skill must be a word' })
  .regex(SKILL_PATTERN, 'A skill must be 2 to 40 lower-case letters, digits or underscores, starting with a letter');

/**
 * The skills a job needs from its handling, so the dispatcher types none: refrigerated or frozen goods need that
 * skill (and cold-compartment room), a controlled substance a certified driver, a UN3373 specimen a trained one.
 */
export function skillsNeededBy(d: { temperature: string; controlledSubstance: boolean; specimenCategory: string | null }): TDriverSkill[] {
  const needs: TDriverSkill[] = [];
  if (d.temperature === 'refrigerated' || d.temperature === 'frozen') needs.push(d.temperature);
  if (d.controlledSubstance) needs.push('controlled_substance');
  if (d.specimenCategory === 'UN3373') needs.push('un3373_trained');
  return needs;
}
/** Goods that travel in the cold compartment (refrigerated or frozen). */
export const needsColdCompartment = (temperature: string) => temperature === 'refrigerated' || temperature === 'frozen';

const units = (label: string, min: number) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(MAX_VEHICLE_CAPACITY, `${label} must be at most ${MAX_VEHICLE_CAPACITY}`);

/**
 * PATCH /api/v1/admin/users/{id}/shift: a driver's shift (null: none) with its break, the vehicle's compartments
 * (general and cold units) and the driver's skills (the whole list, replacing the old one).
 */
export const ZDriverShiftRequest = z
  .object({
    shift: ZDriverShift.nullable().optional(),
    vehicleCapacity: units('Vehicle capacity', 1).optional(),
    /** Units of the cold compartment (0: none). */
    coldCapacity: units('Cold compartment', 0).optional(),
    skills: z
      .array(ZSkill, { error: 'Skills must be a list' })
      .max(MAX_DRIVER_SKILLS, `A driver can hold at most ${MAX_DRIVER_SKILLS} skills`)
      .refine((s) => new Set(s).size === s.length, 'A skill is listed twice')
      .optional(),
  })
  .refine((b) => b.shift !== undefined || b.vehicleCapacity !== undefined || b.coldCapacity !== undefined || b.skills !== undefined, {
    message: 'Give shift, vehicleCapacity, coldCapacity or skills',
    path: ['shift'],
  });
export type TDriverShiftRequest = z.infer<typeof ZDriverShiftRequest>;

/** Why the planner left a job out. */
export const ROUTE_UNASSIGNED_REASONS = ['no_window', 'over_capacity', 'no_vehicle', 'no_location', 'no_skill'] as const;
export type TRouteUnassignedReason = (typeof ROUTE_UNASSIGNED_REASONS)[number];
export const ROUTE_UNASSIGNED_REASON_LABELS: Record<TRouteUnassignedReason, string> = {
  no_window: 'No driver can reach it within its time window',
  over_capacity: 'Too large for the vehicles’ free capacity',
  no_vehicle: 'No driver on shift has room for it',
  no_location: 'Its pickup or drop-off has no map position',
  no_skill: 'No driver on shift has the skills its handling needs',
};

const ZIdList = (label: string) =>
  z
    .array(z.uuid({ error: `${label} must be a list of ids` }), { error: `${label} must be a list of ids` })
    .max(1000, `${label} can hold at most 1000 ids`);

/** POST /api/v1/admin/route-plans: plan `date` (YYYY-MM-DD, the drivers' whole shifts) or from now (the default). */
export const ZRoutePlanRequest = z
  .object({
    date: z.iso.date({ error: 'Date must be a day YYYY-MM-DD' }).optional(),
    now: z.boolean({ error: 'now must be true or false' }).optional(),
    /** The drivers to plan for (default: every active driver with a shift). */
    driverIds: ZIdList('driverIds').optional(),
    /** The jobs to plan (default: every approved or assigned job not yet picked up). */
    deliveryIds: ZIdList('deliveryIds').optional(),
    /** Let the plan move jobs already assigned to another driver (default false: they stay with their driver). */
    reassign: z.boolean({ error: 'reassign must be true or false' }).optional(),
    /** A uuid the client makes to follow the search (GET /route-plans/runs/{runId}) and stop it early. */
    runId: z.uuid({ error: 'runId must be a uuid' }).optional(),
  })
  .refine((b) => !(b.date !== undefined && b.now === true), { message: 'Give a date or now, not both', path: ['date'] });
export type TRoutePlanRequest = z.infer<typeof ZRoutePlanRequest>;

export const ZRouteInsertionRequest = z.object({
  deliveryId: z.uuid({ error: 'deliveryId must be a delivery id' }),
});
export type TRouteInsertionRequest = z.infer<typeof ZRouteInsertionRequest>;

export const ROUTE_STOP_KINDS = ['pickup', 'dropoff'] as const;
export type TRouteStopKind = (typeof ROUTE_STOP_KINDS)[number];

export const ZRouteStop = z.object({
  deliveryId: z.string(),
  trackingNumber: z.string(),
  kind: z.enum(ROUTE_STOP_KINDS),
  lat: z.number(),
  lng: z.number(),
  address: z.string(),
  /** When the driver arrives (ISO). */
  arrival: isoDate,
  /** When the driver leaves, after waiting for the window to open and the service time (ISO). */
  departure: isoDate,
  priority: z.enum(PRIORITIES),
});
export type TRouteStop = z.infer<typeof ZRouteStop>;

export const ZPlannedRoute = z.object({
  driverId: z.string(),
  driverName: z.string(),
  /** Leaves the start place at (ISO). */
  departure: isoDate,
  /** Back at the end place at (ISO). */
  returnTime: isoDate,
  /** Driving time of the route, seconds. */
  travelSeconds: z.number(),
  stops: z.array(ZRouteStop),
  /** When the planner puts the shift's break (ISO), and its length; absent without a break. */
  breakStart: isoDate.optional(),
  breakMinutes: z.number().int().nullable().optional(),
});
export type TPlannedRoute = z.infer<typeof ZPlannedRoute>;

export const ZUnassignedJob = z.object({
  deliveryId: z.string(),
  trackingNumber: z.string(),
  reason: z.enum(ROUTE_UNASSIGNED_REASONS),
});
export type TUnassignedJob = z.infer<typeof ZUnassignedJob>;

export const ROUTE_PLAN_KINDS = ['plan', 'insertion', 'replan'] as const;

/**
 * The search's objective in its parts: driving (seconds), lateness past the windows (seconds, 0 while windows are
 * hard), balance (the longest route's duration, seconds: what balancing shortens) and the stops moved from the routes
 * already planned (a re-plan: stops put on another driver than planned).
 */
export const ZPlanObjective = z.object({
  distance: z.number(),
  lateness: z.number(),
  balance: z.number(),
  moved: z.number(),
});
export type TPlanObjective = z.infer<typeof ZPlanObjective>;

/**
 * What a re-plan changes for one job: `moved` between drivers (or `added` from the unassigned), `resequenced`
 * within its driver's route, or `dropped` (left unassigned).
 */
export const PLAN_CHANGE_KINDS = ['moved', 'added', 'resequenced', 'dropped'] as const;
export type TPlanChangeKind = (typeof PLAN_CHANGE_KINDS)[number];
export const ZPlanChange = z.object({
  deliveryId: z.string(),
  trackingNumber: z.string(),
  kind: z.enum(PLAN_CHANGE_KINDS),
  fromDriverId: z.string().nullable(),
  fromDriverName: z.string().nullable(),
  toDriverId: z.string().nullable(),
  toDriverName: z.string().nullable(),
  /** The job's place among its driver's jobs (1-based) before and after; null off any route. */
  fromOrder: z.number().int().nullable(),
  toOrder: z.number().int().nullable(),
  priority: z.enum(PRIORITIES),
});
export type TPlanChange = z.infer<typeof ZPlanChange>;

export const ZRoutePlan = z.object({
  _id: z.string(),
  kind: z.enum(ROUTE_PLAN_KINDS),
  createdAt: isoDate,
  /** Null until applied. */
  appliedAt: isoDate.nullable(),
  /** The day planned (YYYY-MM-DD). */
  date: z.string(),
  routes: z.array(ZPlannedRoute),
  unassigned: z.array(ZUnassignedJob),
  /** Total driving time, seconds. */
  travelSeconds: z.number(),
  /** The objective's parts (null on an insertion or an older plan). */
  objective: ZPlanObjective.nullable(),
  /** A re-plan: the jobs whose driver or place in the route changes (null on other kinds). */
  changes: z.array(ZPlanChange).nullable(),
});
export type TRoutePlan = z.infer<typeof ZRoutePlan>;

/**
 * POST /api/v1/admin/route-plans/replan: re-plans the rest of today from each driver's position and time. Parcels
 * on board stay on their vehicle, stops under way come first, and `stability` (0 to 10, default 5) weighs moving a
 * stop already planned against driving: the higher, the fewer stops move. `runId` (a uuid the client makes) lets
 * the client poll the search's progress (GET /route-plans/runs/{runId}) and stop it early (POST …/stop).
 */
export const DEFAULT_REPLAN_STABILITY = 5;
/** Driving seconds a moved stop weighs per level of stability: at 5, a stop moves only to save 10 minutes. */
export const STABILITY_SECONDS_PER_LEVEL = 120;
/** Weight on the longest route's duration per level of balance (0: none, the default). */
export const BALANCE_WEIGHT_PER_LEVEL = 0.1;
const level = (name: string) =>
  z
    .number({ error: `${name} must be a number from 0 to 10` })
    .min(0, `${name} must be a number from 0 to 10`)
    .max(10, `${name} must be a number from 0 to 10`);
export const ZReplanRequest = z.object({
  runId: z.uuid({ error: 'runId must be a uuid' }).optional(),
  stability: level('stability').optional(),
  /** 0 to 10: how much the plan evens out route durations (the longest route weighs more), default 0. */
  balance: level('balance').optional(),
});
export type TReplanRequest = z.infer<typeof ZReplanRequest>;

/** GET /api/v1/admin/route-plans/runs/{runId}: how a plan being searched is getting on. */
export const ZPlanProgress = z.object({
  runId: z.string(),
  /** False once the search has ended (its preview is the POST's answer). */
  running: z.boolean(),
  iteration: z.number().int(),
  /** The best plan's cost so far (the objective's weighted sum). */
  cost: z.number().nullable(),
  elapsedMs: z.number(),
  /** Whether the best plan so far serves every job it can within the windows. */
  feasible: z.boolean(),
  /** The search's time box, ms (for a progress bar). */
  limitMs: z.number(),
  stopping: z.boolean(),
});
export type TPlanProgress = z.infer<typeof ZPlanProgress>;
export const ZPlanProgressResponse = z.object({ success: z.literal(true), data: ZPlanProgress });
export type TPlanProgressResponse = z.infer<typeof ZPlanProgressResponse>;
export const ZRoutePlanResponse = z.object({ success: z.literal(true), message: z.string(), data: ZRoutePlan });
export type TRoutePlanResponse = z.infer<typeof ZRoutePlanResponse>;

/** GET /api/v1/admin/live-map: drivers and open jobs for the dispatch map. */
export const ZLiveMapDriver = z.object({
  _id: z.string(),
  name: z.string(),
  /** The last position the driver's phone shared, or null. */
  position: z.object({ lat: z.number(), lng: z.number(), at: isoDate }).nullable(),
  /** The job the driver is on (picked up or on the way), else null. */
  currentJobId: z.string().nullable(),
  /**
   * The applied route against what happened: jobs of the route done today and planned in all, and how many minutes
   * the driver is behind the plan at the next stop (negative: ahead; null without a fix or a planned next stop).
   */
  progress: z.object({ done: z.number().int(), planned: z.number().int(), behindMinutes: z.number().int().nullable() }),
});
export type TLiveMapDriver = z.infer<typeof ZLiveMapDriver>;

const ZMapPlace = z.object({ lat: z.number().nullable(), lng: z.number().nullable(), address: z.string() });
export const ZLiveMapJob = z.object({
  _id: z.string(),
  trackingNumber: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  priority: z.enum(PRIORITIES),
  /** Past its required-by (or stability deadline) and not delivered. */
  late: z.boolean(),
  pickup: ZMapPlace,
  dropoff: ZMapPlace,
  driverId: z.string().nullable(),
  /** Position in the driver's applied route (1-based), else null. */
  plannedOrder: z.number().int().nullable(),
  plannedArrival: isoDate.nullable(),
  /** The expected drop-off (the route's estimate once planned), else null. */
  estimatedDelivery: isoDate.nullable(),
});
export type TLiveMapJob = z.infer<typeof ZLiveMapJob>;
export const ZLiveMapResponse = z.object({
  success: z.literal(true),
  data: z.object({ drivers: z.array(ZLiveMapDriver), jobs: z.array(ZLiveMapJob) }),
});
export type TLiveMapResponse = z.infer<typeof ZLiveMapResponse>;

/**
 * PUT /api/v1/admin/drivers/{driverId}/route: dispatch sets the order of a driver's open jobs. The jobs listed come
 * first, in this order (the driver's other open jobs follow in their order); a listed job of another driver, not
 * yet picked up, moves to this driver through the assignment.
 */
export const ZDriverRouteRequest = z.object({
  deliveryIds: z.array(z.string().uuid()).min(1).max(200),
});
export type TDriverRouteRequest = z.infer<typeof ZDriverRouteRequest>;
export const ZDriverRouteResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    driverId: z.string(),
    /** The driver's open jobs in their new order, with the planned arrival at each next stop and the drop-off. */
    jobs: z.array(
      z.object({
        _id: z.string(),
        trackingNumber: z.string(),
        plannedOrder: z.number().int().nullable(),
        plannedArrival: isoDate.nullable(),
        estimatedDelivery: isoDate.nullable(),
      }),
    ),
    /** Jobs that moved to this driver from another. */
    moved: z.number().int(),
  }),
});
export type TDriverRouteResponse = z.infer<typeof ZDriverRouteResponse>;
