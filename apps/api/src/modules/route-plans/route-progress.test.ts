import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDelivery } from '../../db/seed/factories.js';
import { auditEvents, deliveries, deliveryEvents, notifications, optins, outboxMessages } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { type TestApp, useTestApp } from '../../test/test-app.js';
import { ARRIVING_SOON, ESTIMATE_LATE_TITLE } from '../messages/arrival-messages.js';
import { type Crew, crew } from '../dispatch/operations-test-kit.js';

// Tuesday 09:00 in Boston.
const NOW = new Date('2030-01-15T14:00:00Z');
const minutes = (m: number) => new Date(NOW.getTime() + m * 60_000);
const BASE = { lat: 42.3601, lng: -71.0589 };
/** About 1.1 km north per 0.01 degree: 0.04 degrees is ~6.5 minutes' drive at the default estimate. */
const north = (deg: number) => ({ lat: BASE.lat + deg, lng: BASE.lng });

async function job(
  t: TestApp,
  people: Crew,
  spec: {
    status: 'approved' | 'assigned' | 'picked_up' | 'in_transit';
    driverId?: string;
    pickup: { lat: number; lng: number };
    drop: { lat: number; lng: number };
    requiredBy?: Date;
    email?: string;
    phone?: string;
  },
) {
  const d = await createDelivery(t.db, {
    customerId: people.CUSTOMER.id,
    status: spec.status,
    driverId: spec.status === 'approved' ? null : (spec.driverId ?? people.DRIVER.id),
    requiredBy: spec.requiredBy ?? minutes(6 * 60),
    recipientEmail: spec.email,
    recipientPhone: spec.phone,
  });
  const [row] = await t.db
    .update(deliveries)
    .set({
      pickupLat: spec.pickup.lat,
      pickupLng: spec.pickup.lng,
      deliveryLat: spec.drop.lat,
      deliveryLng: spec.drop.lng,
      approvedAt: NOW,
    })
    .where(eq(deliveries.id, d.id))
    .returning();
  return row;
}

describe('route progress: resequence, move, estimates that follow the driver, the 10-minute message', () => {
  const clock = fixedClock(NOW);
  const t = useTestApp({ clock, env: { ROUTING_BASE: `${BASE.lat},${BASE.lng}` } });
  let people: Crew;
  const route = (driverId: string, deliveryIds: string[], who: keyof Crew = 'STAFF') =>
    t.app.inject({ method: 'PUT', url: `/api/v1/admin/drivers/${driverId}/route`, headers: people[who].auth, payload: { deliveryIds } });
  const driverList = async (who: 'DRIVER' | 'otherDriver' = 'DRIVER') =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/driver/deliveries', headers: people[who].auth })).json().data as {
      _id: string;
      plannedOrder: number | null;
    }[];
  const locate = (at: { lat: number; lng: number }, who: 'DRIVER' | 'otherDriver' = 'DRIVER') => {
    clock.advance(6_000); // past the 5-second gate of kept fixes
    return t.app.inject({ method: 'POST', url: '/api/v1/driver/location', headers: people[who].auth, payload: at });
  };
  const row = async (id: string) => (await t.db.select().from(deliveries).where(eq(deliveries.id, id)))[0];

  beforeAll(async () => {
    people = await crew(t);
  });

  it("resequences a driver's route: the driver's list follows, audited, with planned arrivals and estimates", async () => {
    const a = await job(t, people, { status: 'assigned', pickup: north(0.01), drop: north(0.02) });
    const b = await job(t, people, { status: 'assigned', pickup: north(0.03), drop: north(0.04) });
    const c = await job(t, people, { status: 'assigned', pickup: north(0.05), drop: north(0.06) });
    expect((await route(people.DRIVER.id, [c.id, a.id], 'CUSTOMER')).statusCode).toBe(403);
    expect((await route(people.DRIVER.id, [c.id, a.id], 'DRIVER')).statusCode).toBe(403);
    expect((await route(people.DRIVER.id, [c.id, c.id])).statusCode).toBe(400);
    const res = await route(people.DRIVER.id, [c.id, a.id]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.jobs.map((j: { _id: string }) => j._id)).toEqual([c.id, a.id, b.id]);
    expect(body.data.moved).toBe(0);
    const list = await driverList();
    expect(list.slice(0, 3).map((j) => [j._id, j.plannedOrder])).toEqual([
      [c.id, 1],
      [a.id, 2],
      [b.id, 3],
    ]);
    // planned arrivals move forward along the new order; each estimate is the planned drop-off
    const [rc, ra, rb] = [await row(c.id), await row(a.id), await row(b.id)];
    expect(rc.plannedArrival && ra.plannedArrival && rc.plannedArrival < ra.plannedArrival).toBe(true);
    expect(ra.plannedArrival && rb.plannedArrival && ra.plannedArrival < rb.plannedArrival).toBe(true);
    expect(rc.estimatedDelivery && rc.plannedArrival && rc.estimatedDelivery > rc.plannedArrival).toBe(true);
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'route.resequence'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: people.STAFF.id, targetId: people.DRIVER.id });
    // the map shows the route and its progress
    const map = (await t.app.inject({ method: 'GET', url: '/api/v1/admin/live-map', headers: people.STAFF.auth })).json().data;
    expect(map.drivers.find((d: { _id: string }) => d._id === people.DRIVER.id).progress).toEqual({
      done: 0,
      planned: 3,
      behindMinutes: null,
    });
    expect(map.jobs.find((j: { _id: string }) => j._id === c.id)).toMatchObject({
      plannedOrder: 1,
      estimatedDelivery: rc.estimatedDelivery?.toISOString(),
    });
  });

  it('moves a stop to another driver through the assignment; a job under way stays with its driver (409)', async () => {
    const mine = await job(t, people, { status: 'assigned', driverId: people.otherDriver.id, pickup: north(0.01), drop: north(0.015) });
    const res = await route(people.DRIVER.id, [mine.id]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.moved).toBe(1);
    expect(res.json().data.jobs[0]._id).toBe(mine.id);
    const moved = await row(mine.id);
    expect(moved).toMatchObject({ driverId: people.DRIVER.id, status: 'assigned', plannedOrder: 1 });
    const events = await t.db.select().from(deliveryEvents).where(eq(deliveryEvents.deliveryId, mine.id));
    expect(events.at(-1)?.note).toMatch(/^Reassigned to/);
    expect((await driverList()).map((j) => j._id)).toContain(mine.id);
    expect((await driverList('otherDriver')).map((j) => j._id)).not.toContain(mine.id);

    const onBoard = await job(t, people, { status: 'in_transit', driverId: people.otherDriver.id, pickup: north(0.01), drop: north(0.02) });
    const refused = await route(people.DRIVER.id, [onBoard.id]);
    expect(refused.statusCode).toBe(409);
    expect((await row(onBoard.id)).driverId).toBe(people.otherDriver.id);
    const unknown = await route(people.DRIVER.id, [crypto.randomUUID()]);
    expect(unknown.statusCode).toBe(400);
  });

  it('the estimate follows the driver, warns dispatch once when it misses the deadline, and the recipient hears "about 10 minutes away" once by e-mail', async () => {
    // otherDriver carries one parcel (required by 20 minutes from now) far from where they are.
    const parcel = await job(t, people, {
      status: 'in_transit',
      driverId: people.otherDriver.id,
      pickup: north(0),
      drop: north(0.2),
      requiredBy: minutes(20),
      email: 'heads-up@example.test',
    });
    expect((await locate(north(0), 'otherDriver')).statusCode).toBe(200);
    expect((await route(people.otherDriver.id, [parcel.id])).statusCode).toBe(200);
    const planned = await row(parcel.id);
    // ~22 km north: well over 20 minutes away, past its required-by
    expect(planned.estimatedDelivery && planned.estimatedDelivery > minutes(20)).toBe(true);
    const tellsDispatch = async () =>
      (await t.db.select().from(notifications).where(eq(notifications.deliveryId, parcel.id))).filter(
        (n) => n.title === ESTIMATE_LATE_TITLE,
      );
    expect((await tellsDispatch()).map((n) => n.userId)).toContain(people.STAFF.id);
    const staffNotices = (await tellsDispatch()).length;
    const headsUp = async () =>
      (await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'heads-up@example.test'))).filter((m) =>
        m.subject.includes(ARRIVING_SOON),
      );
    expect(await headsUp()).toEqual([]);

    // the driver moves closer: the estimate follows (earlier), still no message at ~13 km
    expect((await locate(north(0.12), 'otherDriver')).statusCode).toBe(200);
    const closer = await row(parcel.id);
    expect(closer.estimatedDelivery && planned.estimatedDelivery && closer.estimatedDelivery < planned.estimatedDelivery).toBe(true);
    expect(await headsUp()).toEqual([]);
    // within 10 minutes of the drop: one e-mail (no SMS consent), with the words; then never again
    expect((await locate(north(0.17), 'otherDriver')).statusCode).toBe(200);
    const sent = await headsUp();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channel: 'email' });
    expect(sent[0].text).toContain(`${ARRIVING_SOON}.`);
    expect((await locate(north(0.19), 'otherDriver')).statusCode).toBe(200);
    expect(await headsUp()).toHaveLength(1);
    expect((await tellsDispatch()).length).toBe(staffNotices);
    // public tracking shows the same minutes, and the route's estimate
    const tracked = await t.app.inject({ method: 'GET', url: `/api/v1/deliveries/track/${parcel.orderId}` });
    expect(tracked.json().data.arrivingSoon).toMatch(/^About \d+ minutes? away$/);
    expect(tracked.json().data.estimatedDelivery).toBe((await row(parcel.id)).estimatedDelivery?.toISOString());
  });

  it('sends the 10-minute message by SMS when the recipient consented, not by e-mail', async () => {
    const phone = '+16175550177';
    await t.db.insert(optins).values({
      phone,
      consentSms: true,
      consentEmail: false,
      consentMarketing: false,
      source: 'page',
      consentText: 'yes',
      consentedAt: NOW,
      smsConfirmedAt: NOW,
    });
    const parcel = await job(t, people, {
      status: 'picked_up',
      driverId: people.otherDriver.id,
      pickup: north(0),
      drop: north(0.3),
      email: 'texted@example.test',
      phone,
    });
    expect((await route(people.otherDriver.id, [parcel.id])).statusCode).toBe(200);
    expect((await locate(north(0.29), 'otherDriver')).statusCode).toBe(200);
    const texts = (await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, phone))).filter((m) =>
      m.text.startsWith(ARRIVING_SOON),
    );
    expect(texts).toHaveLength(1);
    expect(texts[0].channel).toBe('sms');
    const mails = (await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'texted@example.test'))).filter((m) =>
      m.subject.includes(ARRIVING_SOON),
    );
    expect(mails).toEqual([]);
  });
});
