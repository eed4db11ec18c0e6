import { ROLE_IDS, type TLiveMapResponse } from '@courier/contract';
import { and, asc, count, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import { deliveries, driverLocations, users } from '../../db/schema/index.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { instantOf, localMoment } from '../../shared/business-time.js';
import { straightLineSeconds } from '../../shared/travel-estimate.js';

/** What the dispatch map shows: jobs not yet delivered, each driver's job under way. */
const MAP_STATUSES = ['approved', 'assigned', 'moving_to_pickup_location', 'picked_up', 'in_transit'] as const;
const UNDER_WAY: readonly string[] = ['moving_to_pickup_location', 'picked_up', 'in_transit'];
const MAX_MAP_JOBS = 2000;

/** The dispatch map: every active driver (last position, current job) and the open jobs (STAT and late marked). */
export async function readLiveMap(services: Services, actor: Actor): Promise<TLiveMapResponse> {
  assertAudience(actor, 'staff');
  const { db } = services;
  const now = services.clock.now();
  const [drivers, jobs] = await Promise.all([
    db
      .select({ user: users, position: driverLocations })
      .from(users)
      .leftJoin(driverLocations, eq(driverLocations.driverId, users.id))
      .where(and(eq(users.roleId, ROLE_IDS.DRIVER), eq(users.isDeleted, false), eq(users.isDisabled, false)))
      .orderBy(asc(users.firstName), asc(users.lastName)),
    db
      .select()
      .from(deliveries)
      .where(inArray(deliveries.status, [...MAP_STATUSES]))
      .orderBy(asc(deliveries.plannedOrder), asc(deliveries.requiredBy), asc(deliveries.createdAt))
      .limit(MAX_MAP_JOBS),
  ]);
  const currentJob = new Map<string, string>();
  for (const j of jobs) if (j.driverId && UNDER_WAY.includes(j.status) && !currentJob.has(j.driverId)) currentJob.set(j.driverId, j.id);
  // Planned against actual: the route's jobs delivered today, and the next planned stop's arrival from the last fix.
  const dayStart = instantOf(localMoment(now, services.env.BUSINESS_TZ), 0, services.env.BUSINESS_TZ);
  const doneRows = await db
    .select({ driverId: deliveries.driverId, n: count() })
    .from(deliveries)
    .where(and(eq(deliveries.status, 'delivered'), isNotNull(deliveries.plannedOrder), gte(deliveries.deliveredAt, dayStart)))
    .groupBy(deliveries.driverId);
  const done = new Map(doneRows.map((r) => [r.driverId, r.n]));
  const progressOf = (driverId: string, position: { lat: number; lng: number } | null) => {
    const route = jobs.filter((j) => j.driverId === driverId && j.plannedOrder !== null);
    const next = route[0];
    let behindMinutes: number | null = null;
    if (next?.plannedArrival && position) {
      const onBoard = next.status === 'picked_up' || next.status === 'in_transit';
      const lat = onBoard ? next.deliveryLat : next.pickupLat;
      const lng = onBoard ? next.deliveryLng : next.pickupLng;
      if (lat !== null && lng !== null) {
        const expected = now.getTime() + straightLineSeconds(services.env, position, { lat, lng }) * 1000;
        behindMinutes = Math.round((expected - next.plannedArrival.getTime()) / 60_000);
      }
    }
    const finished = done.get(driverId) ?? 0;
    return { done: finished, planned: finished + route.length, behindMinutes };
  };
  return {
    success: true,
    data: {
      drivers: drivers.map(({ user: u, position: p }) => ({
        _id: u.id,
        name: `${u.firstName} ${u.lastName}`.trim(),
        position: p ? { lat: p.lat, lng: p.lng, at: p.updatedAt.toISOString() } : null,
        currentJobId: currentJob.get(u.id) ?? null,
        progress: progressOf(u.id, p ? { lat: p.lat, lng: p.lng } : null),
      })),
      jobs: jobs.map((j) => ({
        _id: j.id,
        trackingNumber: j.orderId,
        status: j.status,
        priority: j.priority === 'stat' ? 'stat' : 'routine',
        late: [j.requiredBy, j.stabilityDeadline].some((at) => at !== null && at < now),
        pickup: { lat: j.pickupLat, lng: j.pickupLng, address: j.pickupAddress },
        dropoff: { lat: j.deliveryLat, lng: j.deliveryLng, address: j.deliveryAddress },
        driverId: j.driverId,
        plannedOrder: j.plannedOrder,
        plannedArrival: j.plannedArrival?.toISOString() ?? null,
        estimatedDelivery: j.estimatedDelivery?.toISOString() ?? null,
      })),
    },
  };
}
