import { ZDeliveryDetail, ZStandingOrder } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { type Database, openDatabase } from '../../db/client.js';
import { createUser } from '../../db/seed/factories.js';
import { auditEvents, deliveries, deliveryEvents, standingOrderOccurrences, standingOrders } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { measureWhile } from '../../test/responsiveness.js';
import { createCapturingMailer, testEnv, useTestApp } from '../../test/test-app.js';
import { TEST_NOW, validDeliveryForm } from '../deliveries/delivery-test-kit.js';
import { bookDueOccurrences } from './book-due-occurrences.js';

const { requiredBy: _r, ...deliveryFields } = validDeliveryForm();
/** Weekdays at 16:00 in New York, from the tests' Monday 2 March 2026 (10:00 there). */
const weekdayOrder = (over: Record<string, unknown> = {}) => ({
  ...deliveryFields,
  schedule: { rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', time: '16:00' },
  startsOn: '2026-03-02',
  ...over,
});

describe('standing orders', () => {
  const clock = fixedClock(TEST_NOW);
  const t = useTestApp({ clock });
  let customer: { id: string; roleId: string };
  let auth: { authorization: string };
  let staff: { id: string; roleId: string };
  let staffAuth: { authorization: string };
  let otherAuth: { authorization: string };

  const create = async (payload: unknown = weekdayOrder()) => {
    // Signed now: some tests move the clock days away from the token of beforeAll.
    const headers = await t.bearer(customer);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/standing-orders', headers, payload: payload as never });
    expect(res.statusCode, res.body).toBe(201);
    return ZStandingOrder.parse(res.json().data);
  };
  const read = async (id: string, headers = auth) => t.app.inject({ method: 'GET', url: `/api/v1/standing-orders/${id}`, headers });
  const patch = (id: string, payload: unknown, headers = auth) =>
    t.app.inject({ method: 'PATCH', url: `/api/v1/standing-orders/${id}`, headers, payload: payload as never });
  const skip = (id: string, date: string, headers = auth) =>
    t.app.inject({ method: 'POST', url: `/api/v1/standing-orders/${id}/skip`, headers, payload: { date } });
  const booked = (standingOrderId: string) =>
    t.db.select().from(deliveries).where(eq(deliveries.standingOrderId, standingOrderId)).orderBy(deliveries.requiredBy);

  beforeAll(async () => {
    ({ user: customer } = await createUser(t.db, { firstName: 'Lab', lastName: 'Runs', email: 'lab@hospital.test' }));
    auth = await t.bearer(customer);
    ({ user: staff } = await createUser(t.db, { role: 'STAFF' }));
    staffAuth = await t.bearer(staff);
    otherAuth = await t.bearer((await createUser(t.db)).user);
  });

  it('creates a weekday 16:00 standing order and answers its next five required-by times', async () => {
    const order = await create();
    expect(order).toMatchObject({
      status: 'active',
      schedule: { rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', time: '16:00' },
      startsOn: '2026-03-02',
      endsOn: null,
      preApproved: false,
      customer: null,
      delivery: { recipientName: 'Jordan Lee', recipientEmail: 'jordan.lee@example.test', packageType: 'MEDICATION' },
    });
    expect(order.delivery).not.toHaveProperty('requiredBy');
    const res = await read(order._id);
    expect(res.statusCode).toBe(200);
    // Monday to Friday at 16:00 EST; the Monday after, 16:00 EDT (clocks went forward on Sunday 8 March).
    expect(res.json().data.nextOccurrences).toEqual([
      '2026-03-02T21:00:00.000Z',
      '2026-03-03T21:00:00.000Z',
      '2026-03-04T21:00:00.000Z',
      '2026-03-05T21:00:00.000Z',
      '2026-03-06T21:00:00.000Z',
    ]);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/standing-orders', headers: auth });
    expect(list.json().data.map((o: { _id: string }) => o._id)).toContain(order._id);
  });

  it('refuses a bad rule, time, date or address naming the field, and staff and strangers', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ schedule: { rrule: 'FREQ=DAILY;BYHOUR=9', time: '16:00' } }, 'schedule.rrule'],
      [{ schedule: { rrule: 'FREQ=WEEKLY;BYDAY=MO', time: '4pm' } }, 'schedule.time'],
      [{ startsOn: '2026-02-30' }, 'startsOn'],
      [{ startsOn: '2026-03-01' }, 'startsOn'],
      [{ endsOn: '2026-03-01' }, 'endsOn'],
      [{ recipientEmail: 'nope' }, 'recipientEmail'],
      [{ deliveryAddress: 'Nowhere at all' }, 'deliveryAddress'],
    ];
    for (const [change, field] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/standing-orders', headers: auth, payload: weekdayOrder(change) });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: 'BAD_REQUEST', field });
    }
    const byStaff = await t.app.inject({ method: 'POST', url: '/api/v1/standing-orders', headers: staffAuth, payload: weekdayOrder() });
    expect(byStaff.statusCode).toBe(403);
    const order = await create();
    expect((await read(order._id, otherAuth)).statusCode).toBe(404);
    expect((await patch(order._id, { status: 'paused' }, otherAuth)).statusCode).toBe(404);
  });

  it('refuses a rule that never or hardly ever occurs in milliseconds, on creation and edit, while /healthz keeps answering', async () => {
    clock.set(TEST_NOW);
    const order = await create();
    const refused = [
      'FREQ=WEEKLY;BYDAY=MO;BYMONTHDAY=31;BYMONTH=2', // never: caught by reading the rule
      'FREQ=MONTHLY;BYDAY=MO;BYMONTHDAY=30;BYMONTH=2',
      'FREQ=DAILY;BYDAY=MO;BYMONTHDAY=31;BYMONTH=4,6,9,11',
      'FREQ=MONTHLY;BYMONTHDAY=1;BYSETPOS=2', // never: found by the bounded walk
      'FREQ=DAILY;BYDAY=MO;BYMONTHDAY=29;BYMONTH=2', // a Monday 29 February: next in 2044
      'FREQ=DAILY;COUNT=5000', // runs past what one walk may cover
    ];
    const { result, slowestHealthMs, workMs, polls } = await measureWhile(t.app, async () => {
      const answers = [];
      for (const rrule of refused) {
        const schedule = { rrule, time: '09:00' };
        answers.push(
          await t.app.inject({ method: 'POST', url: '/api/v1/standing-orders', headers: auth, payload: weekdayOrder({ schedule }) }),
        );
        answers.push(await patch(order._id, { schedule }));
      }
      return answers;
    });
    for (const res of result) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: 'BAD_REQUEST', field: 'schedule.rrule' });
    }
    expect(result[0].json().message).toMatch(/never occurs/);
    expect(result[8].json().message).toMatch(/no date in the next two years/);
    // The library alone walked to the year 9999: 30 s for the first rule, with /healthz waiting as long.
    expect(workMs).toBeLessThan(6_000);
    expect(polls).toBeGreaterThan(0);
    expect(slowestHealthMs).toBeLessThan(1_000);
  });

  it('previews, books and skips a stored rule that never occurs without holding the server', async () => {
    clock.set(TEST_NOW);
    const { schedule: _s, startsOn: _st, ...template } = weekdayOrder();
    // Saved before rules were checked: the generator and the preview must still cope.
    const [row] = await t.db
      .insert(standingOrders)
      .values({
        customerId: customer.id,
        template,
        rrule: 'FREQ=DAILY;BYDAY=MO;BYMONTHDAY=31;BYMONTH=2',
        time: '16:00',
        startsOn: '2026-03-02',
      })
      .returning();
    await bookDueOccurrences(t.app.services); // the other tests' orders: booking them is not what is measured
    const { result, slowestHealthMs } = await measureWhile(t.app, async () => [
      await bookDueOccurrences(t.app.services),
      await read(row.id),
      await t.app.inject({ method: 'GET', url: '/api/v1/standing-orders', headers: auth }),
      await skip(row.id, '2026-03-31'),
    ]);
    const [, one, list, skipped] = result as [unknown, ...{ json(): { data: { nextOccurrences: string[] } }; statusCode: number }[]];
    expect(await booked(row.id)).toEqual([]);
    expect(one.json().data.nextOccurrences).toEqual([]);
    expect(list.statusCode).toBe(200);
    expect(skipped.statusCode).toBe(400);
    expect(slowestHealthMs).toBeLessThan(1_000);
  });

  it('books each occurrence once, 24 hours ahead, as an ordinary delivery carrying standingOrderId', async () => {
    clock.set(TEST_NOW);
    const order = await create();
    await bookDueOccurrences(t.app.services);
    await bookDueOccurrences(t.app.services);
    let rows = await booked(order._id);
    // Monday 10:00: only Monday 16:00 lies within the next 24 hours.
    expect(rows.map((d) => d.requiredBy?.toISOString())).toEqual(['2026-03-02T21:00:00.000Z']);
    expect(rows[0]).toMatchObject({ status: 'pending', customerId: customer.id, recipientName: 'Jordan Lee' });
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/deliveries/${rows[0].id}`, headers: auth });
    expect(ZDeliveryDetail.parse(res.json().data).standingOrderId).toBe(order._id);
    // Its custody and its messages are the booking's own.
    const events = await t.db.select().from(deliveryEvents).where(eq(deliveryEvents.deliveryId, rows[0].id));
    expect(events.map((e) => e.status)).toEqual(['pending']);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/deliveries/my-deliveries?limit=80', headers: auth });
    const listed = list.json().deliveries.find((d: { _id: string }) => d._id === rows[0].id);
    expect(listed.standingOrderId).toBe(order._id);

    clock.set('2026-03-03T15:30:00Z');
    await bookDueOccurrences(t.app.services);
    rows = await booked(order._id);
    expect(rows.map((d) => d.requiredBy?.toISOString())).toEqual(['2026-03-02T21:00:00.000Z', '2026-03-03T21:00:00.000Z']);
    clock.set(TEST_NOW);
  });

  it('books across the daylight-saving change at 16:00 local time', async () => {
    clock.set('2026-03-06T22:00:00Z'); // Friday 17:00 EST
    const order = await create(weekdayOrder({ startsOn: '2026-03-09' }));
    clock.set('2026-03-08T21:00:00Z'); // Sunday 17:00 EDT, the day the clocks went forward
    await bookDueOccurrences(t.app.services);
    const rows = await booked(order._id);
    expect(rows.map((d) => d.requiredBy?.toISOString())).toEqual(['2026-03-09T20:00:00.000Z']);
    const [occurrence] = await t.db.select().from(standingOrderOccurrences).where(eq(standingOrderOccurrences.standingOrderId, order._id));
    expect(occurrence).toMatchObject({ occursOn: '2026-03-09', deliveryId: rows[0].id, skippedAt: null });
    clock.set(TEST_NOW);
  });

  it('skips one date: not shown, not booked; a date off the schedule or already booked is refused', async () => {
    clock.set(TEST_NOW);
    const order = await create();
    const res = await skip(order._id, '2026-03-03');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.skippedDates).toEqual(['2026-03-03']);
    expect(res.json().data.nextOccurrences[1]).toBe('2026-03-04T21:00:00.000Z');
    expect((await skip(order._id, '2026-03-03')).statusCode).toBe(200);
    const weekend = await skip(order._id, '2026-03-07');
    expect(weekend.statusCode).toBe(400);
    expect(weekend.json().field).toBe('date');
    expect((await skip(order._id, 'tomorrow')).json().field).toBe('date');

    await bookDueOccurrences(t.app.services);
    expect((await skip(order._id, '2026-03-02')).statusCode).toBe(409);
    clock.set('2026-03-03T14:00:00Z');
    await bookDueOccurrences(t.app.services);
    // Monday was booked; Tuesday was skipped; Wednesday is not yet within 24 hours.
    expect((await booked(order._id)).map((d) => d.requiredBy?.toISOString())).toEqual(['2026-03-02T21:00:00.000Z']);
    clock.set(TEST_NOW);
  });

  it('pauses (nothing shown or booked) and resumes', async () => {
    clock.set(TEST_NOW);
    const order = await create();
    const paused = await patch(order._id, { status: 'paused' });
    expect(paused.statusCode).toBe(200);
    expect(paused.json().data).toMatchObject({ status: 'paused', nextOccurrences: [] });
    await bookDueOccurrences(t.app.services);
    expect(await booked(order._id)).toEqual([]);
    const resumed = await patch(order._id, { status: 'active' });
    expect(resumed.json().data.nextOccurrences).toHaveLength(5);
    await bookDueOccurrences(t.app.services);
    expect(await booked(order._id)).toHaveLength(1);
  });

  it('edits future occurrences only, keeping what was not sent', async () => {
    clock.set(TEST_NOW);
    const order = await create();
    await bookDueOccurrences(t.app.services);
    const res = await patch(order._id, { schedule: { rrule: 'FREQ=WEEKLY;BYDAY=TU,TH', time: '09:00' }, recipientName: 'Sam Ray' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      schedule: { rrule: 'FREQ=WEEKLY;BYDAY=TU,TH', time: '09:00' },
      delivery: { recipientName: 'Sam Ray', specialInstructions: 'Keep refrigerated', recipientEmail: 'jordan.lee@example.test' },
    });
    expect(res.json().data.nextOccurrences.slice(0, 2)).toEqual(['2026-03-03T14:00:00.000Z', '2026-03-05T14:00:00.000Z']);
    const [already] = await booked(order._id);
    expect(already).toMatchObject({ recipientName: 'Jordan Lee', requiredBy: new Date('2026-03-02T21:00:00.000Z') });
    expect((await patch(order._id, { recipientPhone: 'x' })).json().field).toBe('recipientPhone');
  });

  it('staff pre-approve: occurrences skip approval, approved in their name; customers cannot pre-approve', async () => {
    clock.set(TEST_NOW);
    const order = await create();
    expect((await patch(order._id, { preApproved: true })).statusCode).toBe(403);
    expect((await patch(order._id, { recipientName: 'Someone' }, staffAuth)).statusCode).toBe(403);
    const res = await patch(order._id, { preApproved: true }, staffAuth);
    expect(res.json().data).toMatchObject({ preApproved: true, customer: { name: 'Lab Runs', email: 'lab@hospital.test' } });
    expect((await read(order._id, staffAuth)).json().data.customer.email).toBe('lab@hospital.test');
    const reads = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'standing_order.read'));
    expect(reads.map((r) => [r.actorId, r.targetId])).toEqual([[staff.id, order._id]]);
    const staffList = await t.app.inject({ method: 'GET', url: '/api/v1/standing-orders', headers: staffAuth });
    expect(staffList.json().data.find((o: { _id: string }) => o._id === order._id).customer.name).toBe('Lab Runs');
    await bookDueOccurrences(t.app.services);
    const [delivery] = await booked(order._id);
    expect(delivery.status).toBe('approved');
    const events = await t.db.select().from(deliveryEvents).where(eq(deliveryEvents.deliveryId, delivery.id)).orderBy(deliveryEvents.seq);
    expect(events.map((e) => [e.status, e.actorId])).toEqual([
      ['pending', customer.id],
      ['approved', staff.id],
    ]);
  });

  it('ends: nothing more is booked and it no longer changes', async () => {
    clock.set(TEST_NOW);
    const order = await create();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/standing-orders/${order._id}`, headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'ended', nextOccurrences: [] });
    await bookDueOccurrences(t.app.services);
    expect(await booked(order._id)).toEqual([]);
    expect((await patch(order._id, { status: 'active' })).statusCode).toBe(409);
    expect((await skip(order._id, '2026-03-04')).statusCode).toBe(409);
  });
});

describe('the standing-order generator in two processes at once', () => {
  const clock = fixedClock(TEST_NOW);
  const t = useTestApp({ clock });
  let second: Awaited<ReturnType<typeof buildApp>>;
  let secondDatabase: Database | undefined;

  beforeAll(async () => {
    // On PostgreSQL: a second app with its own connection pool on the same database, as a second server would be.
    const url = (t.database as Database & { url?: string }).url;
    secondDatabase = url ? await openDatabase({ url }) : undefined;
    second = await buildApp({
      env: testEnv(),
      database: secondDatabase ?? t.database,
      mailer: createCapturingMailer(),
      clock,
      logger: false,
      runOutbox: false,
    });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
  });

  it('creates each occurrence once when both run the generator at the same moment', async () => {
    const { user } = await createUser(t.db);
    const headers = await t.bearer(user);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/standing-orders', headers, payload: weekdayOrder() });
      ids.push(res.json().data._id);
    }
    clock.set('2026-03-02T22:00:00Z'); // Monday 17:00: Tuesday 16:00 is due
    const runs = await Promise.all([bookDueOccurrences(t.app.services), bookDueOccurrences(second.services)]);
    expect(runs[0].booked + runs[1].booked).toBe(4);
    expect(runs[0].failed + runs[1].failed).toBe(0);
    for (const id of ids) {
      const rows = await t.db.select().from(deliveries).where(eq(deliveries.standingOrderId, id));
      expect(rows.map((d) => d.requiredBy?.toISOString())).toEqual(['2026-03-03T21:00:00.000Z']);
    }
    const again = await Promise.all([bookDueOccurrences(t.app.services), bookDueOccurrences(second.services)]);
    expect(again[0].booked + again[1].booked).toBe(0);
  });
});
