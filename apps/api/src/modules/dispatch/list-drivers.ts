import { ROLE_IDS, type TAdminDriversResponse, FINAL_STATUSES } from '@courier/contract';
import { and, asc, count, eq, inArray, notInArray } from 'drizzle-orm';
import { deliveries, driverLocations, users } from '../../db/schema/index.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { driverShiftOf } from '../../shared/driver-shift.js';

/** Drivers for the assign dialog: their load (assigned, not yet delivered) and last known position. */
export async function listDrivers(services: Services, actor: Actor): Promise<TAdminDriversResponse> {
  assertAudience(actor, 'staff');
  const { db } = services;
  const rows = await db
    .select({ user: users, position: driverLocations })
    .from(users)
    .leftJoin(driverLocations, eq(driverLocations.driverId, users.id))
    .where(and(eq(users.roleId, ROLE_IDS.DRIVER), eq(users.isDeleted, false)))
    .orderBy(asc(users.firstName), asc(users.lastName));
  const ids = rows.map((r) => r.user.id);
  const loads = ids.length
    ? await db
        .select({ driverId: deliveries.driverId, n: count() })
        .from(deliveries)
        .where(and(inArray(deliveries.driverId, ids), notInArray(deliveries.status, [...FINAL_STATUSES])))
        .groupBy(deliveries.driverId)
    : [];
  const loadOf = new Map(loads.map((l) => [l.driverId, Number(l.n)]));
  return {
    success: true,
    data: rows.map(({ user: u, position: p }) => ({
      _id: u.id,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      phone: u.phone,
      isActive: !u.isDisabled,
      activeLoad: loadOf.get(u.id) ?? 0,
      lastPosition: p ? { lat: p.lat, lng: p.lng, label: p.label, at: p.updatedAt.toISOString() } : null,
      shift: driverShiftOf(u),
      vehicleCapacity: u.vehicleCapacity,
    })),
  };
}
