import type { TAutoAssignResult, TBulkResult, TDeliveryStatus } from '@courier/contract';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDelivery } from '../../db/seed/factories.js';
import { deliveries } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { type TestApp, useTestApp } from '../../test/test-app.js';
import { type Crew, crew } from '../dispatch/operations-test-kit.js';

// Tuesday 09:00 in Boston (BUSINESS_TZ America/New_York).
const NOW = new Date('2030-01-15T14:00:00Z');
const hours = (h: number) => new Date(NOW.getTime() + h * 3_600_000);
const BASE = '42.3601,-71.0589';

async function job(
  t: TestApp,
  people: Crew,
  status: TDeliveryStatus,
  extra: { stat?: boolean; requiredBy?: Date; driverId?: string } = {},
) {
  const d = await createDelivery(t.db, {
    customerId: people.CUSTOMER.id,
    status,
    driverId: ['pending', 'approved', 'cancelled'].includes(status) ? null : (extra.driverId ?? people.DRIVER.id),
    packageSize: 'small',
    requiredBy: extra.requiredBy ?? hours(6),
  });
  const [row] = await t.db
    .update(deliveries)
    .set({
      pickupLat: 42.36 + Math.random() * 0.02,
      pickupLng: -71.07 + Math.random() * 0.02,
      deliveryLat: 42.34 + Math.random() * 0.02,
      deliveryLng: -71.1 + Math.random() * 0.02,
      priority: extra.stat ? 'stat' : 'routine',
    })
    .where(eq(deliveries.id, d.id))
    .returning();
  return row;
}

const statusOf = async (t: TestApp, ids: string[]) =>
  new Map((await t.db.select().from(deliveries).where(inArray(deliveries.id, ids))).map((d) => [d.id, d]));

const setShift = (t: TestApp, people: Crew, userId: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/v1/admin/users/${userId}/shift`,
    headers: people.ADMIN.auth,
    payload: { shift: { start: '08:00', end: '17:00', startPlace: 'base' } },
  });

describe('bulk dispatch', () => {
  const t = useTestApp({ clock: fixedClock(NOW), env: { ROUTING_BASE: BASE } });
  let people: Crew;
  const bulk = (body: unknown, who: keyof Crew = 'STAFF') =>
    t.app.inject({ method: 'POST', url: '/api/v1/admin/deliveries/bulk', headers: people[who].auth, payload: body as object });

  beforeAll(async () => {
    people = await crew(t);
  });

  it('approves many, refusing one by one with the code and message of the single call', async () => {
    const a = await job(t, people, 'pending');
    const b = await job(t, people, 'pending');
    const done = await job(t, people, 'delivered');
    const res = await bulk({ action: 'approve', deliveryIds: [a.id, done.id, b.id, 'no-such-job'] });
    expect(res.statusCode).toBe(200);
    const { results } = res.json().data as { results: TBulkResult[] };
    expect(results.map((r) => [r.deliveryId, r.ok, r.code])).toEqual([
      [a.id, true, undefined],
      [done.id, false, 'CONFLICT'],
      [b.id, true, undefined],
      ['no-such-job', false, 'NOT_FOUND'],
    ]);
    expect(results[1].message).toMatch(/Cannot change status/);
    expect(res.json().message).toBe('2 of 4 approved, 2 refused');
    const rows = await statusOf(t, [a.id, b.id, done.id]);
    expect([rows.get(a.id)?.status, rows.get(b.id)?.status, rows.get(done.id)?.status]).toEqual(['approved', 'approved', 'delivered']);
    // each through the status writer: its custody event and audit row
    expect(rows.get(a.id)?.approvedAt).not.toBeNull();
  });

  it('assigns many to one driver and cancels with the reason, the moves the status table refuses refused', async () => {
    const a = await job(t, people, 'approved');
    const pending = await job(t, people, 'pending');
    const assigned = await bulk({ action: 'assign', deliveryIds: [a.id, pending.id], driverId: people.otherDriver.id });
    const results = assigned.json().data.results as TBulkResult[];
    expect(results.map((r) => r.ok)).toEqual([true, false]);
    expect(results[1]).toMatchObject({ code: 'CONFLICT' });
    const c = await job(t, people, 'approved');
    const delivered = await job(t, people, 'delivered');
    const cancelled = await bulk({ action: 'cancel', deliveryIds: [c.id, delivered.id], reason: 'Clinic closed today' });
    expect((cancelled.json().data.results as TBulkResult[]).map((r) => r.ok)).toEqual([true, false]);
    const rows = await statusOf(t, [a.id, c.id]);
    expect(rows.get(a.id)).toMatchObject({ status: 'assigned', driverId: people.otherDriver.id });
    expect(rows.get(c.id)).toMatchObject({ status: 'cancelled', cancelReason: 'Clinic closed today' });
  });

  it('refuses bad input with 400 naming the field, and callers below staff with 403', async () => {
    const a = await job(t, people, 'pending');
    const noDriver = await bulk({ action: 'assign', deliveryIds: [a.id] });
    expect(noDriver.statusCode).toBe(400);
    expect(noDriver.json().field).toBe('driverId');
    const noReason = await bulk({ action: 'cancel', deliveryIds: [a.id] });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().field).toBe('reason');
    const tooMany = await bulk({ action: 'approve', deliveryIds: Array.from({ length: 201 }, (_, i) => `id-${i}`) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().field).toBe('deliveryIds');
    const none = await bulk({ action: 'approve', deliveryIds: [] });
    expect(none.json().field).toBe('deliveryIds');
    const what = await bulk({ action: 'explode', deliveryIds: [a.id] });
    expect(what.statusCode).toBe(400);
    expect(what.json().field).toBe('action');
    const approved = await job(t, people, 'approved');
    const badDriver = await bulk({ action: 'assign', deliveryIds: [approved.id, a.id], driverId: people.CUSTOMER.id });
    // a driver that is not one: each job is refused as its single assign would be
    expect(badDriver.json().data.results).toMatchObject([
      { ok: false, code: 'BAD_REQUEST', message: 'driverId: Choose an active driver' },
      { ok: false, code: 'CONFLICT' },
    ]);
    for (const who of ['CUSTOMER', 'DRIVER'] as const)
      expect((await bulk({ action: 'approve', deliveryIds: [a.id] }, who)).statusCode).toBe(403);
    expect((await statusOf(t, [a.id])).get(a.id)?.status).toBe('pending');
  });
});

describe('auto-assign', () => {
  const t = useTestApp({ clock: fixedClock(NOW), env: { ROUTING_BASE: BASE } });
  let people: Crew;
  const autoOne = (id: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1/admin/deliveries/${id}/auto-assign`, headers: people.STAFF.auth });

  beforeAll(async () => {
    people = await crew(t);
  });

  it('answers NO_DRIVER_FITS with the reason when nobody is on shift, then gives the job to a driver on shift with why', async () => {
    const a = await job(t, people, 'approved', { requiredBy: hours(5) });
    const none = await autoOne(a.id);
    expect(none.statusCode).toBe(200);
    expect(none.json().data).toMatchObject({ ok: false, code: 'NO_DRIVER_FITS', driverId: null });
    expect(none.json().data.reason).toMatch(/^No driver fits: /);
    expect((await setShift(t, people, people.DRIVER.id)).statusCode).toBe(200);
    const res = await autoOne(a.id);
    const data = res.json().data as TAutoAssignResult;
    expect(data).toMatchObject({ ok: true, driverId: people.DRIVER.id });
    expect(data.reason).toMatch(/^Best fit: adds \d+ min of driving to .+'s route, delivers at \d+:\d\d [AP]M, on time for 2:00 PM$/);
    const row = (await statusOf(t, [a.id])).get(a.id);
    expect(row).toMatchObject({ status: 'assigned', driverId: people.DRIVER.id });
    expect(row?.plannedOrder).toBeGreaterThan(0);
    // no longer approved: the single call refuses
    expect((await autoOne(a.id)).statusCode).toBe(409);
  });

  it('refuses a job no driver can reach in time, and callers below staff', async () => {
    const late = await job(t, people, 'approved', { requiredBy: hours(-1) });
    expect((await autoOne(late.id)).json().data).toMatchObject({ ok: false, code: 'NO_DRIVER_FITS' });
    const asDriver = await t.app.inject({ method: 'POST', url: '/api/v1/admin/deliveries/auto-assign', headers: people.DRIVER.auth });
    expect(asDriver.statusCode).toBe(403);
    await t.db.update(deliveries).set({ status: 'cancelled' }).where(eq(deliveries.id, late.id));
  });

  it('auto-assigns every approved job, STAT first, the committed stops kept, each result with its driver and reason', async () => {
    await setShift(t, people, people.otherDriver.id);
    const underWay = await job(t, people, 'picked_up', { driverId: people.otherDriver.id });
    const routine = await job(t, people, 'approved', { requiredBy: hours(3) });
    const stat = await job(t, people, 'approved', { stat: true, requiredBy: hours(4) });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/admin/deliveries/auto-assign', headers: people.STAFF.auth });
    expect(res.statusCode).toBe(200);
    const results = res.json().data.results as TAutoAssignResult[];
    expect(results.map((r) => r.deliveryId)).toEqual([stat.id, routine.id]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results[0].reason).toMatch(/^STAT, best fit: /);
    const rows = await statusOf(t, [stat.id, routine.id, underWay.id]);
    for (const r of results) expect(rows.get(r.deliveryId)).toMatchObject({ status: 'assigned', driverId: r.driverId });
    expect(rows.get(underWay.id)).toMatchObject({ status: 'picked_up', driverId: people.otherDriver.id });
  });

  it('takes the routes as they stand: a driver already late, a cold parcel in a van without a cold compartment', async () => {
    // Dispatch gave the first driver a job already overdue, and the other a refrigerated parcel (no cold compartment,
    // no cold-chain skill): neither route keeps every rule, yet a new job still finds its place.
    const overdue = await job(t, people, 'assigned', { requiredBy: hours(-1) });
    const chilled = await job(t, people, 'in_transit', { driverId: people.otherDriver.id });
    await t.db.update(deliveries).set({ temperature: 'refrigerated' }).where(eq(deliveries.id, chilled.id));
    const next = await job(t, people, 'approved', { requiredBy: hours(5) });
    const data = (await autoOne(next.id)).json().data as TAutoAssignResult;
    expect(data).toMatchObject({ ok: true });
    expect(data.reason).toMatch(/^Best fit: /);
    const rows = await statusOf(t, [overdue.id, chilled.id, next.id]);
    expect(rows.get(next.id)).toMatchObject({ status: 'assigned', driverId: data.driverId });
    // A refrigerated job cannot join the van already over its cold compartment: only the first driver (no cold
    // compartment either, but nothing cold on board) is refused too, so nobody fits.
    const cold = await job(t, people, 'approved', { requiredBy: hours(5) });
    await t.db.update(deliveries).set({ temperature: 'refrigerated' }).where(eq(deliveries.id, cold.id));
    expect((await autoOne(cold.id)).json().data).toMatchObject({ ok: false, code: 'NO_DRIVER_FITS' });
  });
});

describe('auto-assign on approval (AUTO_ASSIGN_ON_APPROVAL=true)', () => {
  const t = useTestApp({ clock: fixedClock(NOW), env: { ROUTING_BASE: BASE, AUTO_ASSIGN_ON_APPROVAL: 'true' } });
  let people: Crew;

  beforeAll(async () => {
    people = await crew(t);
  });

  it('approving gives the job to the best driver and says so; with nobody on shift it stays approved with why', async () => {
    const waiting = await job(t, people, 'pending');
    const approve = (id: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/admin/deliveries/${id}/approve`, headers: people.STAFF.auth, payload: {} });
    const alone = await approve(waiting.id);
    expect(alone.statusCode).toBe(200);
    expect(alone.json().message).toMatch(/^Delivery approved\. No driver fits: /);
    expect(alone.json().data.status).toBe('approved');
    await setShift(t, people, people.DRIVER.id);
    const next = await job(t, people, 'pending');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/deliveries/bulk',
      headers: people.STAFF.auth,
      payload: { action: 'approve', deliveryIds: [next.id] },
    });
    expect(res.json().data.results[0]).toMatchObject({ ok: true });
    expect(res.json().data.results[0].message).toMatch(/^Delivery approved and auto-assigned\. Best fit: /);
    expect((await statusOf(t, [next.id])).get(next.id)).toMatchObject({ status: 'assigned', driverId: people.DRIVER.id });
    const single = await approve((await job(t, people, 'pending')).id);
    expect(single.json().message).toMatch(/auto-assigned/);
    expect(single.json().data.status).toBe('assigned');
  });
});
