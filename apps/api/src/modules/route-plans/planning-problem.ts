import {
  needsColdCompartment,
  PACKAGE_SIZE_UNITS,
  pickUpByOf,
  ROLE_IDS,
  skillsNeededBy,
  type TPlannedRoute,
  type TRouteStop,
  type TRouteUnassignedReason,
  type TUnassignedJob,
} from '@courier/contract';
import type { PlannedRoute as SolverRoute, PlannerJob, PlannerVehicle, UnassignedReason } from '@courier/planner';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { driverLocations, users } from '../../db/schema/index.js';
import { AppError } from '../../platform/app-error.js';
import type { Services } from '../../services.js';
import { instantOf, type LocalDay } from '../../shared/business-time.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';
import { driverShiftOf, secondsOfDay } from '../../shared/driver-shift.js';
import type { PlannerInput } from './planner-task.js';
import type { LatLng } from './travel-times.js';

/** Minutes a driver spends at each pickup and each drop-off (park, hand over, sign). */
export const SERVICE_SECONDS = 5 * 60;
/** The statuses before pickup: the jobs a plan may (re)assign. */
export const PLANNABLE_STATUSES = ['approved', 'assigned'] as const;
/** Under way with a driver: planned on that driver's route, never moved to another. */
export const UNDER_WAY_STATUSES = ['moving_to_pickup_location', 'picked_up', 'in_transit'] as const;
const PICKED_UP: readonly string[] = ['picked_up', 'in_transit'];

export interface PlanDriver {
  id: string;
  name: string;
  capacity: number;
  /** Units of the cold compartment (0: none). */
  coldCapacity: number;
  skills: string[];
  start: Date;
  end: Date;
  place: LatLng;
  /** The shift's break, still to take: its length and the window its start must fall in. */
  break?: { minutes: number; earliest: Date; latest: Date };
  /** The job the driver is heading to: its next stop comes first on the route, from where the driver is. */
  committed?: { jobId: string; kind: 'pickup' | 'stop' }[];
}

export interface PlanJob {
  row: DeliveryRow;
  /** Only this driver may take it. */
  driverId?: string;
}

/** Active drivers who can sign in and have a shift, with their last position. */
export async function loadShiftDrivers(db: DbOrTx) {
  const rows = await db
    .select({ user: users, position: driverLocations })
    .from(users)
    .leftJoin(driverLocations, eq(driverLocations.driverId, users.id))
    .where(
      and(
        eq(users.roleId, ROLE_IDS.DRIVER),
        eq(users.isDeleted, false),
        eq(users.isDisabled, false),
        isNotNull(users.emailVerifiedAt),
        isNotNull(users.shiftStart),
      ),
    );
  return rows.map(({ user, position }) => ({
    id: user.id,
    name: `${user.firstName} ${user.lastName}`.trim(),
    shift: driverShiftOf(user),
    capacity: user.vehicleCapacity,
    coldCapacity: user.coldCapacity,
    skills: user.skills,
    position: position ? { lat: position.lat, lng: position.lng } : null,
  }));
}
export type ShiftDriver = Awaited<ReturnType<typeof loadShiftDrivers>>[number];

const pickupOf = (d: DeliveryRow): LatLng | null =>
  d.pickupLat !== null && d.pickupLng !== null ? { lat: d.pickupLat, lng: d.pickupLng } : null;
const dropoffOf = (d: DeliveryRow): LatLng | null =>
  d.deliveryLat !== null && d.deliveryLng !== null ? { lat: d.deliveryLat, lng: d.deliveryLng } : null;
export const hasPlaces = (d: DeliveryRow) => pickupOf(d) !== null && dropoffOf(d) !== null;
export const isPickedUp = (d: DeliveryRow) => PICKED_UP.includes(d.status);

/** Where shifts starting at base start: ROUTING_BASE, else the middle of the jobs' pickups. */
export function basePlace(services: Services, jobs: DeliveryRow[]): LatLng | null {
  if (services.env.ROUTING_BASE) return services.env.ROUTING_BASE;
  const places = jobs.map(pickupOf).filter((p): p is LatLng => p !== null);
  if (!places.length) return null;
  return { lat: places.reduce((s, p) => s + p.lat, 0) / places.length, lng: places.reduce((s, p) => s + p.lng, 0) / places.length };
}

/** The driver's working time on `day`, from `now` at the earliest; null when the shift is over. */
export function driverOnDay(services: Services, d: ShiftDriver, day: LocalDay, now: Date, base: LatLng): PlanDriver | null {
  if (!d.shift) return null;
  const tz = services.env.BUSINESS_TZ;
  const shiftStart = instantOf(day, secondsOfDay(d.shift.start), tz);
  const end = instantOf(day, secondsOfDay(d.shift.end), tz);
  const start = shiftStart < now ? now : shiftStart;
  if (end <= start) return null;
  const place = d.shift.startPlace === 'current' && d.position ? d.position : base;
  const driver: PlanDriver = {
    id: d.id,
    name: d.name,
    capacity: d.capacity,
    coldCapacity: d.coldCapacity,
    skills: d.skills,
    start,
    end,
    place,
  };
  const pause = d.shift.break;
  if (pause) {
    const latest = instantOf(day, secondsOfDay(pause.latest), tz);
    // A break whose window has passed is taken (or forgone): the re-plan does not place it again.
    if (latest >= start) {
      const earliest = instantOf(day, secondsOfDay(pause.earliest), tz);
      driver.break = { minutes: pause.minutes, earliest: new Date(Math.max(earliest.getTime(), start.getTime())), latest };
    }
  }
  return driver;
}

export interface BuiltProblem {
  /** Travel times are worked out with the search, on the planner's thread, from `places`. */
  problem: PlannerInput;
  /** seconds of the problem are counted from this instant */
  t0: number;
  places: LatLng[];
  drivers: PlanDriver[];
  jobs: Map<string, DeliveryRow>;
}

/**
 * The job each driver is heading to (the latest move to a pickup or into transit), committed first on their route,
 * and the drivers under way start from where they are (their last fix) rather than the shift's start place.
 */
export function commitUnderWay(drivers: PlanDriver[], underWay: DeliveryRow[], positions: Map<string, LatLng | null>): PlanDriver[] {
  return drivers.map((d) => {
    const mine = underWay.filter((j) => j.driverId === d.id);
    if (!mine.length) return d;
    const heading = mine
      .filter((j) => j.status === 'moving_to_pickup_location' || j.status === 'in_transit')
      .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0];
    const place = positions.get(d.id) ?? d.place;
    if (!heading || !hasPlaces(heading)) return { ...d, place };
    return { ...d, place, committed: [{ jobId: heading.id, kind: isPickedUp(heading) ? 'stop' : 'pickup' }] };
  });
}

/**
 * The solver's problem: one vehicle per driver (shift, start place, capacity), one job per delivery (a pickup and
 * a drop-off, or just the drop-off once picked up), windows from the STAT pick-up-by and the required-by /
 * stability deadline. Times in seconds from the earliest start; travel times between `places` come later, on the
 * planner's thread.
 */
export function buildProblem(
  services: Services,
  drivers: PlanDriver[],
  jobs: PlanJob[],
  base: LatLng,
  planned?: Map<string, { vehicleId: string; order: number }>,
): BuiltProblem {
  const t0 = Math.min(...drivers.map((d) => d.start.getTime()), services.clock.now().getTime());
  const sec = (at: Date) => (at.getTime() - t0) / 1000;
  const places: LatLng[] = [];
  const index = new Map<string, number>();
  const placeOf = (p: LatLng) => {
    const key = `${p.lat.toFixed(6)},${p.lng.toFixed(6)}`;
    let i = index.get(key);
    if (i === undefined) {
      i = places.length;
      places.push(p);
      index.set(key, i);
    }
    return i;
  };
  const baseIndex = placeOf(base);
  const vehicles: PlannerVehicle[] = drivers.map((d) => ({
    id: d.id,
    startLocation: placeOf(d.place),
    startTime: sec(d.start),
    endLocation: baseIndex,
    latestReturn: sec(d.end),
    // Two compartments: general units, then cold units (refrigerated and frozen goods travel in the cold one).
    capacity: [d.capacity, d.coldCapacity],
    skills: d.skills,
    ...(d.break ? { break: { duration: d.break.minutes * 60, earliest: sec(d.break.earliest), latest: sec(d.break.latest) } } : {}),
    ...(d.committed?.length ? { committed: d.committed } : {}),
  }));
  const plannerJobs: PlannerJob[] = jobs.map(({ row: d, driverId }) => {
    const stat = d.priority === 'stat';
    // A job under way is in the driver's hands: it stays on the route whatever its windows say.
    const underWay = (UNDER_WAY_STATUSES as readonly string[]).includes(d.status);
    const deadlines = [d.requiredBy, d.stabilityDeadline].filter((x): x is Date => x !== null).map(sec);
    let dropLatest: number | undefined = deadlines.length ? Math.min(...deadlines) : undefined;
    const pickUpBy = pickUpByOf(d.priority, d.approvedAt);
    let pickLatest = pickUpBy ? sec(pickUpBy) : undefined;
    // A STAT already late is still taken, as soon as possible: a missed window does not leave it behind.
    if (stat && pickLatest !== undefined && pickLatest < 0) pickLatest = undefined;
    if (stat && dropLatest !== undefined && dropLatest < 0) dropLatest = undefined;
    if (underWay) {
      pickLatest = undefined;
      dropLatest = undefined;
    }
    const units = PACKAGE_SIZE_UNITS[d.packageSize as keyof typeof PACKAGE_SIZE_UNITS] ?? 1;
    const skills = skillsNeededBy(d);
    const plan = planned?.get(d.id);
    const base = {
      id: d.id,
      demand: needsColdCompartment(d.temperature) ? [0, units] : [units, 0],
      priority: stat ? ('stat' as const) : ('normal' as const),
      // The handling asks for these: the dispatcher types none.
      ...(skills.length ? { skills } : {}),
      ...(driverId ? { vehicleId: driverId } : {}),
      // Where the job stood in the routes already planned: a re-plan with stability keeps it there if it can.
      ...(plan ? { planned: plan } : {}),
    };
    const dropoff = { location: placeOf(dropoffOf(d) as LatLng), latest: dropLatest, service: SERVICE_SECONDS };
    if (isPickedUp(d)) return { ...base, stop: dropoff };
    return { ...base, pickup: { location: placeOf(pickupOf(d) as LatLng), latest: pickLatest, service: SERVICE_SECONDS }, dropoff };
  });
  return {
    problem: { vehicles, jobs: plannerJobs },
    t0,
    places,
    drivers,
    jobs: new Map(jobs.map((j) => [j.row.id, j.row])),
  };
}

/** The plan must pass the independent checker (run on the planner's thread) before anyone sees it. */
export function assertValidPlan(answer: { errors: string[] }) {
  if (answer.errors.length) throw new AppError('INTERNAL', `The route planner made an invalid plan: ${answer.errors[0]}`);
}

/** The planner's thread works out travel times itself; the routing server's trouble reaches the log from here. */
export function logPlannerWarnings(services: Services, answer: { warnings: string[] }) {
  for (const warning of answer.warnings) services.log.warn(warning);
}

const REASONS: Record<UnassignedReason, TRouteUnassignedReason> = {
  no_window_fits: 'no_window',
  over_capacity: 'over_capacity',
  no_vehicle: 'no_vehicle',
  no_skill: 'no_skill',
};
export const reasonOf = (r: UnassignedReason) => REASONS[r];

export function unassignedJson(d: DeliveryRow, reason: TRouteUnassignedReason): TUnassignedJob {
  return { deliveryId: d.id, trackingNumber: d.orderId, reason };
}

/** A solver route as the contract shows it (ISO times, places and addresses). */
export function routeJson(built: BuiltProblem, route: SolverRoute): TPlannedRoute {
  const iso = (s: number) => new Date(built.t0 + Math.round(s * 1000)).toISOString();
  const driver = built.drivers.find((d) => d.id === route.vehicleId) as PlanDriver;
  const stops: TRouteStop[] = route.stops.map((s) => {
    const d = built.jobs.get(s.jobId) as DeliveryRow;
    const pickup = s.kind === 'pickup';
    const place = built.places[s.location];
    return {
      deliveryId: d.id,
      trackingNumber: d.orderId,
      kind: pickup ? 'pickup' : 'dropoff',
      lat: place.lat,
      lng: place.lng,
      address: pickup ? d.pickupAddress : d.deliveryAddress,
      arrival: iso(s.arrival),
      departure: iso(s.departure),
      priority: d.priority === 'stat' ? 'stat' : 'routine',
    };
  });
  return {
    driverId: driver.id,
    driverName: driver.name,
    ...(route.breakStart !== undefined ? { breakStart: iso(route.breakStart), breakMinutes: driver.break?.minutes ?? null } : {}),
    departure: iso(route.departure),
    returnTime: iso(route.stops.length ? route.returnTime : route.departure),
    travelSeconds: Math.round(route.travelTime),
    stops,
  };
}
