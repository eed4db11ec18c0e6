import { ROLE_IDS, type TLiveMapResponse } from '@courier/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { deliveries, driverLocations, users } from '../../db/schema/index.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';

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
  return {
    success: true,
    data: {
      drivers: drivers.map(({ user: u, position: p }) => ({
        _id: u.id,
        name: `${u.firstName} ${u.lastName}`.trim(),
        position: p ? { lat: p.lat, lng: p.lng, at: p.updatedAt.toISOString() } : null,
        currentJobId: currentJob.get(u.id) ?? null,
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
      })),
    },
  };
}
