import type { TPlanChange, TPlannedRoute, TRoutePlan } from '@courier/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDelivery } from '../../db/seed/factories.js';
import { auditEvents, deliveries, driverLocations, notifications } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { type TestApp, useTestApp } from '../../test/test-app.js';
import { type Crew, crew } from '../dispatch/operations-test-kit.js';
import { jobOrder, ROUTE_CHANGED_TITLE } from './apply-route-plan.js';

// Tuesday 10:40 in Boston (BUSINESS_TZ America/New_York): the day under way.
const NOW = new Date('2030-01-15T15:40:00Z');
const hours = (h: number) => new Date(NOW.getTime() + h * 3_600_000);
const BASE = { lat: 42.3601, lng: -71.0589 };
const at = (north: number, east = 0) => ({ lat: BASE.lat + north, lng: BASE.lng + east });
const SHIFT = { start: '08:00', end: '18:00', startPlace: 'base' } as const;

type Status = 'approved' | 'assigned' | 'picked_up' | 'in_transit' | 'moving_to_pickup_location';
async function job(
  t: TestApp,
  people: Crew,
  spec: {
    status: Status;
    driverId?: string;
    pickup: { lat: number; lng: number };
    drop: { lat: number; lng: number };
    stat?: boolean;
    temperature?: string;
  },
) {
  const d = await createDelivery(t.db, {
    customerId: people.CUSTOMER.id,
    status: spec.status,
    driverId: spec.status === 'approved' ? null : (spec.driverId ?? people.DRIVER.id),
    requiredBy: hours(6),
  });
  const [row] = await t.db
    .update(deliveries)
    .set({
      pickupLat: spec.pickup.lat,
      pickupLng: spec.pickup.lng,
      deliveryLat: spec.drop.lat,
      deliveryLng: spec.drop.lng,
      priority: spec.stat ? 'stat' : 'routine',
      temperature: spec.temperature ?? 'ambient',
      approvedAt: NOW,
    })
    .where(eq(deliveries.id, d.id))
    .returning();
  return row;
}

describe('re-plan the rest of today', () => {
  const t = useTestApp({ clock: fixedClock(NOW), env: { ROUTING_BASE: `${BASE.lat},${BASE.lng}` } });
  let people: Crew;
  const replan = (body: object, who: keyof Crew = 'STAFF') =>
    t.app.inject({ method: 'POST', url: '/api/v1/admin/route-plans/replan', headers: people[who].auth, payload: body });
  const progress = (runId: string, who: keyof Crew = 'STAFF') =>
    t.app.inject({ method: 'GET', url: `/api/v1/admin/route-plans/runs/${runId}`, headers: people[who].auth });
  const apply = (id: string) => t.app.inject({ method: 'POST', url: `/api/v1/admin/route-plans/${id}/apply`, headers: people.STAFF.auth });
  const route = (driverId: string, deliveryIds: string[]) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/admin/drivers/${driverId}/route`, headers: people.STAFF.auth, payload: { deliveryIds } });

  let onBoard: typeof deliveries.$inferSelect;
  let heading: typeof deliveries.$inferSelect;
  let north: (typeof deliveries.$inferSelect)[];
  let south: (typeof deliveries.$inferSelect)[];

  beforeAll(async () => {
    people = await crew(t);
    for (const [who, body] of [
      [people.DRIVER.id, { shift: SHIFT, vehicleCapacity: 20, coldCapacity: 0, skills: [] }],
      [people.otherDriver.id, { shift: SHIFT, vehicleCapacity: 20, coldCapacity: 4, skills: ['refrigerated'] }],
    ] as const) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/users/${who}/shift`,
        headers: people.ADMIN.auth,
        payload: body,
      });
      expect(res.statusCode).toBe(200);
    }
    // Driver 1 works the north, driver 2 the south; each where their work is.
    await t.db.insert(driverLocations).values([
      { driverId: people.DRIVER.id, lat: at(0.02).lat, lng: at(0.02).lng, updatedAt: NOW },
      { driverId: people.otherDriver.id, lat: at(-0.02).lat, lng: at(-0.02).lng, updatedAt: NOW },
    ]);
    // A parcel on board driver 1, far to the south-east: it stays on driver 1's vehicle whatever the distances say.
    onBoard = await job(t, people, { status: 'in_transit', pickup: at(0.02), drop: at(-0.03, 0.03) });
    heading = await job(t, people, {
      status: 'moving_to_pickup_location',
      driverId: people.otherDriver.id,
      pickup: at(-0.025),
      drop: at(-0.035),
    });
    north = [];
    for (const k of [1, 2, 3])
      north.push(await job(t, people, { status: 'assigned', pickup: at(0.02 + k * 0.01), drop: at(0.025 + k * 0.01) }));
    south = [];
    for (const k of [1, 2]) {
      south.push(
        await job(t, people, {
          status: 'assigned',
          driverId: people.otherDriver.id,
          pickup: at(-0.02 - k * 0.01),
          drop: at(-0.025 - k * 0.01),
        }),
      );
    }
    expect((await route(people.DRIVER.id, [onBoard.id, ...north.map((d) => d.id)])).statusCode).toBe(200);
    expect((await route(people.otherDriver.id, [heading.id, ...south.map((d) => d.id)])).statusCode).toBe(200);
  });

  it('is for STAFF and above; 400 naming the field for a bad stability or run id', async () => {
    expect((await replan({}, 'CUSTOMER')).statusCode).toBe(403);
    expect((await replan({}, 'DRIVER')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/admin/route-plans/replan', payload: {} })).statusCode).toBe(401);
    expect((await progress(crypto.randomUUID(), 'DRIVER')).statusCode).toBe(403);
    for (const [body, field] of [
      [{ stability: 11 }, 'stability'],
      [{ stability: 'high' }, 'stability'],
      [{ runId: 'mine' }, 'runId'],
    ] as const) {
      const res = await replan(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    const unknown = await progress(crypto.randomUUID());
    expect(unknown.statusCode).toBe(404);
    const stop = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/route-plans/runs/${crypto.randomUUID()}/stop`,
      headers: people.STAFF.auth,
    });
    expect(stop.statusCode).toBe(404);
  });

  it('after a STAT is booked: on-board parcels stay, stops under way first, the changes listed, the objective in parts; applying tells the drivers', async () => {
    const stat = await job(t, people, { status: 'approved', stat: true, pickup: at(0.035, 0.002), drop: at(0.045, 0.002) });
    const runId = crypto.randomUUID();
    const res = await replan({ runId });
    expect(res.statusCode).toBe(201);
    const plan = res.json().data as TRoutePlan;
    expect(plan.kind).toBe('replan');
    expect(plan.appliedAt).toBeNull();
    // The objective's parts, each a number.
    expect(Object.keys(plan.objective ?? {}).sort()).toEqual(['balance', 'distance', 'lateness', 'moved']);
    for (const v of Object.values(plan.objective ?? {})) expect(typeof v).toBe('number');

    // The parcel on board: its drop-off alone, on its own driver's route.
    const mine = plan.routes.find((r) => r.driverId === people.DRIVER.id);
    const onBoardStops = plan.routes.flatMap((r) =>
      r.stops.filter((s) => s.deliveryId === onBoard.id).map((s) => ({ ...s, driverId: r.driverId })),
    );
    expect(onBoardStops).toEqual([expect.objectContaining({ kind: 'dropoff', driverId: people.DRIVER.id })]);
    // The stop the other driver is heading to stays first on that route.
    const theirs = plan.routes.find((r) => r.driverId === people.otherDriver.id);
    expect(theirs?.stops[0]).toMatchObject({ deliveryId: heading.id, kind: 'pickup' });
    expect(mine?.stops.length).toBeGreaterThan(0);

    // The STAT is placed and listed as added; every change names real drivers and jobs.
    const changes = plan.changes as TPlanChange[];
    expect(changes.find((c) => c.deliveryId === stat.id)).toMatchObject({ kind: 'added', fromDriverId: null, priority: 'stat' });
    expect(changes[0].priority).toBe('stat');
    // The search counts the stops it put on another driver than planned (a pair job moved: two stops).
    expect(plan.objective?.moved).toBeGreaterThanOrEqual(2 * changes.filter((c) => c.kind === 'moved').length);
    expect(changes.some((c) => c.deliveryId === onBoard.id && c.kind === 'moved')).toBe(false);
    expect(changes.some((c) => c.deliveryId === heading.id && c.kind === 'moved')).toBe(false);

    // The search was followed under its run id: ended now, still readable a while.
    const followed = await progress(runId);
    expect(followed.statusCode).toBe(200);
    expect(followed.json().data).toMatchObject({ runId, running: false, stopping: false });

    // Audited with its counts.
    const [created] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'route_plan.create'), eq(auditEvents.targetId, plan._id)));
    expect(created.details).toMatchObject({ kind: 'replan', changes: changes.length });

    const applied = await apply(plan._id);
    expect(applied.statusCode).toBe(200);
    expect(applied.json().data.changes).toEqual(changes);
    // The STAT went to its planned driver; the parcel on board did not change hands.
    const statDriver = plan.routes.find((r) => r.stops.some((s) => s.deliveryId === stat.id))?.driverId;
    const [statNow] = await t.db.select().from(deliveries).where(eq(deliveries.id, stat.id));
    expect(statNow).toMatchObject({ status: 'assigned', driverId: statDriver });
    const [boardNow] = await t.db.select().from(deliveries).where(eq(deliveries.id, onBoard.id));
    expect(boardNow).toMatchObject({ status: 'in_transit', driverId: people.DRIVER.id });
    // Each driver whose route changed is told, in the app (their phone hears it live).
    const told = await t.db.select().from(notifications).where(eq(notifications.title, ROUTE_CHANGED_TITLE));
    const concerned = new Set(changes.flatMap((c) => [c.fromDriverId, c.toDriverId]).filter((id) => id !== null));
    expect(new Set(told.map((n) => n.userId))).toEqual(concerned);
    expect(told.find((n) => n.userId === statDriver)?.message).toContain(stat.orderId);
    // The driver's list follows the new order.
    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/driver/deliveries', headers: people.DRIVER.auth })).json().data as {
      _id: string;
      plannedOrder: number | null;
    }[];
    const ordered = list.filter((d) => d.plannedOrder !== null).sort((a, b) => (a.plannedOrder ?? 0) - (b.plannedOrder ?? 0));
    expect(ordered.map((d) => d._id)).toEqual(jobOrder(mine as TPlannedRoute).map((j) => j.deliveryId));
    expect((await apply(plan._id)).statusCode).toBe(409);
  });

  it('re-planned again at once, with high stability, moves nothing already planned', async () => {
    const res = await replan({ stability: 10 });
    expect(res.statusCode).toBe(201);
    const plan = res.json().data as TRoutePlan;
    // The planner's stability term (branch h-planner) keeps every job on the driver it was applied to.
    expect(plan.objective?.moved).toBe(0);
    expect((plan.changes ?? []).filter((c) => c.kind === 'moved' || c.kind === 'dropped')).toEqual([]);
  });
});
