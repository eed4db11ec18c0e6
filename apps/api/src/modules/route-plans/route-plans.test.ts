import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TPackageSize, TRoutePlan } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDelivery } from '../../db/seed/factories.js';
import { deliveries, deliveryEvents } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { type TestApp, useTestApp } from '../../test/test-app.js';
import { type Crew, crew } from '../dispatch/operations-test-kit.js';

// Tuesday 09:00 in Boston (BUSINESS_TZ America/New_York).
const NOW = new Date('2030-01-15T14:00:00Z');
const hours = (h: number) => new Date(NOW.getTime() + h * 3_600_000);
const BASE = '42.3601,-71.0589';

interface JobSpec {
  pickup?: [number, number] | null;
  drop?: [number, number];
  status?: 'approved' | 'assigned';
  driverId?: string | null;
  size?: TPackageSize;
  stat?: boolean;
  requiredBy?: Date;
}

async function job(t: TestApp, people: Crew, spec: JobSpec = {}) {
  const d = await createDelivery(t.db, {
    customerId: people.CUSTOMER.id,
    status: spec.status ?? 'approved',
    driverId: spec.status === 'assigned' ? (spec.driverId ?? null) : null,
    packageSize: spec.size ?? 'small',
    requiredBy: spec.requiredBy ?? hours(6),
  });
  const pickup = spec.pickup === undefined ? [42.36 + Math.random() * 0.04, -71.09 + Math.random() * 0.05] : spec.pickup;
  const drop = spec.drop ?? [42.33 + Math.random() * 0.04, -71.12 + Math.random() * 0.05];
  const [row] = await t.db
    .update(deliveries)
    .set({
      pickupLat: pickup?.[0] ?? null,
      pickupLng: pickup?.[1] ?? null,
      deliveryLat: drop[0],
      deliveryLng: drop[1],
      priority: spec.stat ? 'stat' : 'routine',
      approvedAt: NOW,
    })
    .where(eq(deliveries.id, d.id))
    .returning();
  return row;
}

const shift = (t: TestApp, people: Crew, userId: string, body: unknown) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/admin/users/${userId}/shift`, headers: people.ADMIN.auth, payload: body as object });

function stopsOf(plan: TRoutePlan) {
  return plan.routes.flatMap((r) => r.stops.map((s) => ({ ...s, driverId: r.driverId })));
}

/** The plan as the checker reads it: each pickup before its drop-off on one route, times moving forward. */
function expectCoherent(plan: TRoutePlan) {
  for (const r of plan.routes) {
    let last = r.departure;
    const picked = new Set<string>();
    for (const s of r.stops) {
      expect(s.arrival >= last).toBe(true);
      expect(s.departure >= s.arrival).toBe(true);
      last = s.departure;
      if (s.kind === 'pickup') picked.add(s.deliveryId);
    }
  }
}

describe('route plans', () => {
  const t = useTestApp({ clock: fixedClock(NOW), env: { ROUTING_BASE: BASE } });
  let people: Crew;
  const plan = (body: unknown, who: keyof Crew = 'STAFF') =>
    t.app.inject({ method: 'POST', url: '/api/v1/admin/route-plans', headers: people[who].auth, payload: body as object });
  const apply = (id: string) => t.app.inject({ method: 'POST', url: `/api/v1/admin/route-plans/${id}/apply`, headers: people.STAFF.auth });

  beforeAll(async () => {
    people = await crew(t);
  });

  it('sets a driver shift and vehicle capacity (ADMIN), refusing other roles, staff and bad times', async () => {
    const ok = await shift(t, people, people.DRIVER.id, {
      shift: { start: '08:00', end: '17:00', startPlace: 'base' },
      vehicleCapacity: 6,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ shift: { start: '08:00', end: '17:00', startPlace: 'base' }, vehicleCapacity: 6 });
    expect(
      (
        await shift(t, people, people.otherDriver.id, {
          shift: { start: '08:00', end: '17:00', startPlace: 'current' },
          vehicleCapacity: 6,
        })
      ).statusCode,
    ).toBe(200);
    const backwards = await shift(t, people, people.DRIVER.id, { shift: { start: '17:00', end: '08:00', startPlace: 'base' } });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().field).toBe('shift.end');
    const notDriver = await shift(t, people, people.CUSTOMER.id, { vehicleCapacity: 3 });
    expect(notDriver.statusCode).toBe(400);
    expect(notDriver.json().field).toBe('shift');
    const byStaff = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/users/${people.DRIVER.id}/shift`,
      headers: people.STAFF.auth,
      payload: { vehicleCapacity: 3 },
    });
    expect(byStaff.statusCode).toBe(403);
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/admin/drivers', headers: people.STAFF.auth });
    expect(listed.json().data.find((d: { _id: string }) => d._id === people.DRIVER.id)).toMatchObject({ vehicleCapacity: 6 });
  });

  it('lets STAFF and above in only: customers and drivers 403, anonymous 401', async () => {
    expect((await plan({}, 'CUSTOMER')).statusCode).toBe(403);
    expect((await plan({}, 'DRIVER')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/admin/route-plans', payload: {} })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/live-map', headers: people.DRIVER.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/live-map' })).statusCode).toBe(401);
    const insert = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/route-plans/insertions',
      headers: people.CUSTOMER.auth,
      payload: { deliveryId: crypto.randomUUID() },
    });
    expect(insert.statusCode).toBe(403);
  });

  it('answers 400 naming the field for bad input', async () => {
    for (const [body, field] of [
      [{ date: 'tomorrow' }, 'date'],
      [{ date: '2030-01-16', now: true }, 'date'],
      [{ date: '2029-01-01' }, 'date'],
      [{ driverIds: ['nope'] }, 'driverIds.0'],
      [{ driverIds: [crypto.randomUUID()] }, 'driverIds'],
      [{ deliveryIds: [crypto.randomUUID()] }, 'deliveryIds'],
      [{ reassign: 'yes' }, 'reassign'],
    ] as const) {
      const res = await plan(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field, JSON.stringify(body)).toBe(field);
    }
    const insert = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/route-plans/insertions',
      headers: people.STAFF.auth,
      payload: {},
    });
    expect(insert.statusCode).toBe(400);
    expect(insert.json().field).toBe('deliveryId');
  });

  let applied: TRoutePlan;
  let assignedToDriver: string;

  it('previews a feasible plan: every job routed or listed with its reason, capacity units and windows honoured', async () => {
    const routine = [];
    for (let i = 0; i < 6; i++) routine.push(await job(t, people, { requiredBy: hours(3 + i * 0.5) }));
    const own = await job(t, people, { status: 'assigned', driverId: people.DRIVER.id });
    assignedToDriver = own.id;
    const noPlace = await job(t, people, { pickup: null });
    const tooBig = await job(t, people, { size: 'extra_large' });
    const tooLate = await job(t, people, { requiredBy: hours(-1) });
    const res = await plan({ now: true });
    expect(res.statusCode).toBe(201);
    const p: TRoutePlan = res.json().data;
    expect(p).toMatchObject({ kind: 'plan', appliedAt: null, date: '2030-01-15' });
    expect(p.routes.map((r) => r.driverId).sort()).toEqual([people.DRIVER.id, people.otherDriver.id].sort());
    const stops = stopsOf(p);
    const planned = new Set(stops.map((s) => s.deliveryId));
    for (const d of [...routine, own]) expect(planned.has(d.id), d.id).toBe(true);
    expect(p.unassigned, JSON.stringify(p.unassigned)).toEqual(
      expect.arrayContaining([
        { deliveryId: noPlace.id, trackingNumber: noPlace.orderId, reason: 'no_location' },
        { deliveryId: tooBig.id, trackingNumber: tooBig.orderId, reason: 'over_capacity' },
        { deliveryId: tooLate.id, trackingNumber: tooLate.orderId, reason: 'no_window' },
      ]),
    );
    expectCoherent(p);
    // without reassign, the assigned job stays with its driver
    expect(stops.filter((s) => s.deliveryId === own.id).every((s) => s.driverId === people.DRIVER.id)).toBe(true);
    // every drop-off before its required-by; shifts from 09:00 (now) to 17:00
    for (const s of stops.filter((x) => x.kind === 'dropoff')) {
      const d = [...routine, own].find((x) => x.id === s.deliveryId);
      expect(new Date(s.arrival).getTime()).toBeLessThanOrEqual(d?.requiredBy?.getTime() ?? 0);
    }
    for (const r of p.routes) {
      expect(r.departure >= NOW.toISOString()).toBe(true);
      expect(r.returnTime <= hours(8).toISOString()).toBe(true);
    }
    // nothing changed yet
    const [still] = await t.db.select().from(deliveries).where(eq(deliveries.id, routine[0].id));
    expect(still.status).toBe('approved');
    applied = p;
  });

  it('applies: assigns through the manual move (custody), stores the order the driver then sees with planned arrivals', async () => {
    const res = await apply(applied._id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.appliedAt).toBe(NOW.toISOString());
    for (const r of applied.routes) {
      const jobIds = [...new Set(r.stops.map((s) => s.deliveryId))];
      for (const id of jobIds) {
        const [d] = await t.db.select().from(deliveries).where(eq(deliveries.id, id));
        expect(d.status).toBe('assigned');
        expect(d.driverId).toBe(r.driverId);
        const events = await t.db.select().from(deliveryEvents).where(eq(deliveryEvents.deliveryId, id));
        expect(events.some((e) => e.status === 'assigned')).toBe(true);
      }
    }
    const driverRoute = applied.routes.find((r) => r.driverId === people.DRIVER.id);
    const expected = [...new Set(driverRoute?.stops.map((s) => s.deliveryId))];
    const firstArrival = new Map<string, string>();
    for (const s of driverRoute?.stops ?? []) if (!firstArrival.has(s.deliveryId)) firstArrival.set(s.deliveryId, s.arrival);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/driver/deliveries', headers: people.DRIVER.auth });
    expect(list.statusCode).toBe(200);
    const jobs = list.json().data as { _id: string; plannedOrder: number; plannedArrival: string }[];
    expect(jobs.slice(0, expected.length).map((j) => j._id)).toEqual(expected);
    jobs.slice(0, expected.length).forEach((j, i) => {
      expect(j.plannedOrder).toBe(i + 1);
      expect(j.plannedArrival).toBe(firstArrival.get(j._id));
    });
    expect(expected).toContain(assignedToDriver);
    // audited, and once only
    expect((await apply(applied._id)).json().error).toBe('ROUTE_PLAN_APPLIED');
    const map = await t.app.inject({ method: 'GET', url: '/api/v1/admin/live-map', headers: people.STAFF.auth });
    expect(map.statusCode).toBe(200);
    const mapJob = map.json().data.jobs.find((j: { _id: string }) => j._id === expected[0]);
    expect(mapJob).toMatchObject({ driverId: people.DRIVER.id, plannedOrder: 1, late: false });
    expect(map.json().data.drivers.map((d: { _id: string }) => d._id)).toContain(people.DRIVER.id);
  });

  it('refuses (409 ROUTE_PLAN_STALE) a preview whose job moved since, and changes nothing', async () => {
    const fresh = await job(t, people, {});
    const p: TRoutePlan = (await plan({ now: true, deliveryIds: [fresh.id] })).json().data;
    expect(stopsOf(p).some((s) => s.deliveryId === fresh.id)).toBe(true);
    const manual = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/deliveries/${fresh.id}/assign`,
      headers: people.STAFF.auth,
      payload: { driverId: people.otherDriver.id },
    });
    expect(manual.statusCode).toBe(200);
    const res = await apply(p._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('ROUTE_PLAN_STALE');
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/route-plans/${crypto.randomUUID()}/apply`,
      headers: people.STAFF.auth,
    });
    expect(again.statusCode).toBe(404);
  });

  it('inserts a STAT into the best route, the stops already there keeping their order, applied with the same call', async () => {
    // The driver is on the way with the first job of the applied route: a pickup under way.
    const driverRoute = applied.routes.find((r) => r.driverId === people.DRIVER.id);
    const first = driverRoute?.stops[0].deliveryId as string;
    const onTheWay = await t.app.inject({
      method: 'POST',
      url: `/api/v1/driver/deliveries/${first}/status`,
      headers: { ...people.DRIVER.auth, 'idempotency-key': crypto.randomUUID() },
      payload: { status: 'moving_to_pickup_location' },
    });
    expect(onTheWay.statusCode).toBe(200);
    const stat = await job(t, people, { stat: true, requiredBy: hours(2) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/route-plans/insertions',
      headers: people.STAFF.auth,
      payload: { deliveryId: stat.id },
    });
    expect(res.statusCode).toBe(201);
    const p: TRoutePlan = res.json().data;
    expect(p.kind).toBe('insertion');
    expect(p.unassigned).toEqual([]);
    expect(p.routes).toHaveLength(1);
    const [route] = p.routes;
    expectCoherent(p);
    const mine = route.stops.filter((s) => s.deliveryId === stat.id).map((s) => s.kind);
    expect(mine).toEqual(['pickup', 'dropoff']);
    // the other stops of that driver in the applied order
    const before = (applied.routes.find((r) => r.driverId === route.driverId)?.stops ?? []).map((s) => `${s.deliveryId}:${s.kind}`);
    const after = route.stops.filter((s) => s.deliveryId !== stat.id).map((s) => `${s.deliveryId}:${s.kind}`);
    // nothing dropped, nothing reordered (a job given to that driver by hand since comes after)
    expect(after.filter((s) => before.includes(s))).toEqual(before);
    if (route.driverId === people.DRIVER.id) expect(after[0]).toBe(`${first}:pickup`);
    expect(new Date(route.stops.find((s) => s.deliveryId === stat.id && s.kind === 'pickup')?.arrival ?? 0).getTime()).toBeLessThanOrEqual(
      hours(1).getTime(),
    );
    const done = await apply(p._id);
    expect(done.statusCode).toBe(200);
    const [d] = await t.db.select().from(deliveries).where(eq(deliveries.id, stat.id));
    expect(d).toMatchObject({ status: 'assigned', driverId: route.driverId });
    expect(d.plannedOrder).toBe([...new Set(route.stops.map((s) => s.deliveryId))].indexOf(stat.id) + 1);
  });

  it('never leaves a STAT behind while a vehicle could take it: it takes the only place left, not the cheaper routine job', async () => {
    const [lat, lng] = BASE.split(',').map(Number);
    const routine = await job(t, people, { pickup: [lat, lng + 0.01], drop: [lat + 0.01, lng], requiredBy: hours(17 / 60) });
    const stat = await job(t, people, {
      stat: true,
      pickup: [lat - 0.03, lng - 0.03],
      drop: [lat - 0.04, lng - 0.03],
      requiredBy: hours(17 / 60),
    });
    // (the other driver: DRIVER is heading to a pickup, which comes first on their route; see the next test)
    const res = await plan({ now: true, driverIds: [people.otherDriver.id], deliveryIds: [routine.id, stat.id], reassign: true });
    expect(res.statusCode).toBe(201);
    const p: TRoutePlan = res.json().data;
    expect(p.routes).toHaveLength(1);
    const routed = p.routes[0].stops.map((s) => s.deliveryId);
    expect(routed).toContain(stat.id);
    expect(routed).not.toContain(routine.id);
    // it fits an empty vehicle, but no vehicle is left for it
    expect(p.unassigned).toEqual([{ deliveryId: routine.id, trackingNumber: routine.orderId, reason: 'no_vehicle' }]);
  });

  it("keeps the jobs under way on their driver's route: the one heading to first from the driver's fix, a late one with its arrival", async () => {
    const [lat, lng] = BASE.split(',').map(Number);
    // DRIVER is on the way to a pickup (previous test); a parcel already late in transit is on board too.
    const [heading] = await t.db.select().from(deliveries).where(eq(deliveries.status, 'moving_to_pickup_location'));
    expect(heading.driverId).toBe(people.DRIVER.id);
    const lateOnBoard = await job(t, people, { pickup: [lat + 0.01, lng], drop: [lat + 0.02, lng + 0.02], requiredBy: hours(-1) });
    await t.db.update(deliveries).set({ status: 'picked_up', driverId: people.DRIVER.id }).where(eq(deliveries.id, lateOnBoard.id));
    // The driver's phone shared a fix far from the base: the route starts there.
    const fix = await t.app.inject({
      method: 'POST',
      url: '/api/v1/driver/location',
      headers: people.DRIVER.auth,
      payload: { lat: heading.pickupLat, lng: (heading.pickupLng ?? 0) + 0.05 },
    });
    expect(fix.statusCode).toBe(200);
    // A job at the base (the shift's start place): a route from there, not from the driver, would serve it first.
    const nearby = await job(t, people, { pickup: [lat, lng], drop: [lat - 0.01, lng] });
    const res = await plan({ now: true, driverIds: [people.DRIVER.id], deliveryIds: [nearby.id], reassign: true });
    expect(res.statusCode).toBe(201);
    const p: TRoutePlan = res.json().data;
    expectCoherent(p);
    const [route] = p.routes;
    expect(route.stops[0]).toMatchObject({ deliveryId: heading.id, kind: 'pickup' });
    expect(route.stops.filter((s) => s.deliveryId === heading.id).map((s) => s.kind)).toEqual(['pickup', 'dropoff']);
    const late = route.stops.find((s) => s.deliveryId === lateOnBoard.id);
    expect(late).toMatchObject({ kind: 'dropoff' });
    expect(new Date(late?.arrival ?? 0).getTime()).toBeGreaterThan(NOW.getTime());
    expect(p.unassigned).toEqual([]);
    expect((await apply(p._id)).statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/driver/deliveries', headers: people.DRIVER.auth });
    const jobs = list.json().data as { _id: string; plannedOrder: number | null; plannedArrival: string | null }[];
    expect(jobs[0]).toMatchObject({ _id: heading.id, plannedOrder: 1 });
    expect(jobs.find((j) => j._id === lateOnBoard.id)?.plannedArrival).not.toBeNull();
    // The estimate the customer, tracking and webhooks read is the route's planned drop-off.
    const [planned] = await t.db.select().from(deliveries).where(eq(deliveries.id, nearby.id));
    expect(planned.estimatedDelivery?.toISOString()).toBe(
      new Date(route.stops.find((s) => s.deliveryId === nearby.id && s.kind === 'dropoff')?.arrival ?? 0).toISOString(),
    );
  });
});

describe('route plans with a routing server (OSRM)', () => {
  let server: Server;
  const calls: URL[] = [];
  let url = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      const u = new URL(req.url ?? '/', 'http://127.0.0.1');
      calls.push(u);
      const n = u.pathname.split('/').at(-1)?.split(';').length ?? 0;
      const durations = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 0 : 600)));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'Ok', durations }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const t = useTestApp({
    clock: fixedClock(NOW),
    env: {
      ROUTING_BASE: BASE,
      get ROUTING_URL() {
        return url;
      },
    } as Record<string, string>,
  });

  it('asks the table service for the durations and plans with them', async () => {
    const people = await crew(t);
    await shift(t, people, people.DRIVER.id, { shift: { start: '08:00', end: '17:00', startPlace: 'base' } });
    const d = await job(t, people, {});
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/route-plans',
      headers: people.STAFF.auth,
      payload: { now: true },
    });
    expect(res.statusCode).toBe(201);
    const [route] = res.json().data.routes as TRoutePlan['routes'];
    expect(route.stops.map((s) => s.deliveryId)).toEqual([d.id, d.id]);
    // 600 s a leg: base -> pickup -> drop-off -> base, 5 minutes at each stop
    expect(new Date(route.stops[0].arrival).getTime() - new Date(route.departure).getTime()).toBe(600_000);
    expect(new Date(route.stops[1].arrival).getTime() - new Date(route.stops[0].departure).getTime()).toBe(600_000);
    expect(route.travelSeconds).toBe(1800);
    expect(calls.at(-1)?.pathname).toMatch(/^\/table\/v1\/driving\/-?\d+\.\d+,-?\d+\.\d+(;-?\d+\.\d+,-?\d+\.\d+){2}$/);
    expect(calls.at(-1)?.searchParams.get('annotations')).toBe('duration');
  });
});
