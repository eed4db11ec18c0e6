import { IMPORT_COLUMNS, ZQuoteResponse } from '@courier/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../db/seed/factories.js';
import { deliveries } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { validDeliveryForm } from './delivery-test-kit.js';

const quoteOf = (body: unknown, type: string) =>
  ZQuoteResponse.parse(body).quotes.find((q) => q.deliveryType === type) ?? expect.unreachable(`no ${type} quote`);

describe('quoting a delivery before booking', () => {
  // Monday 2026-03-02, 18:56 in New York: past the day's close and the same-day cut-off.
  const clock = fixedClock('2026-03-02T23:56:00Z');
  const t = useTestApp({ clock });
  let auth: { authorization: string };
  const quote = (payload: unknown, headers = auth) =>
    t.app.inject({ method: 'POST', url: '/api/v1/deliveries/quote', headers, payload: payload as never });

  beforeAll(async () => {
    const { user } = await createUser(t.db, { email: 'quote@clinic.test' });
    auth = await t.bearer(user);
  });

  it('never offers same day at 6:56 pm: every type is estimated from now, the same day moves to the next business day', async () => {
    const res = await quote({});
    expect(res.statusCode).toBe(200);
    const body = ZQuoteResponse.parse(res.json());
    expect(body.quotedAt).toBe('2026-03-02T23:56:00.000Z');
    expect(body.requiredBy).toBeNull();
    expect(body.quotes.map((q) => q.deliveryType)).toEqual(['STANDARD', 'EXPRESS', 'SAME_DAY', 'NEXT_DAY']);
    // Tuesday 18:00, Tuesday 12:00 (EXPRESS: four business hours from Tuesday 08:00), Wednesday 18:00.
    expect(quoteOf(body, 'SAME_DAY')).toEqual({
      deliveryType: 'SAME_DAY',
      estimatedDelivery: '2026-03-03T23:00:00.000Z',
      meetsRequiredBy: null,
      // No rate card in the system (and no addresses yet): no price.
      price: null,
    });
    expect(quoteOf(body, 'EXPRESS').estimatedDelivery).toBe('2026-03-03T17:00:00.000Z');
    expect(quoteOf(body, 'NEXT_DAY').estimatedDelivery).toBe('2026-03-03T17:00:00.000Z');
    expect(quoteOf(body, 'STANDARD').estimatedDelivery).toBe('2026-03-04T23:00:00.000Z');
  });

  it('says which types meet a required-by typed as the form sends it (local business time)', async () => {
    // Tuesday 13:00 in New York.
    const body = (await quote({ requiredBy: '2026-03-03T13:00', deliveryType: 'STANDARD' })).json();
    expect(body.requiredBy).toBe('2026-03-03T18:00:00.000Z');
    expect(quoteOf(body, 'EXPRESS').meetsRequiredBy).toBe(true);
    expect(quoteOf(body, 'NEXT_DAY').meetsRequiredBy).toBe(true);
    expect(quoteOf(body, 'SAME_DAY').meetsRequiredBy).toBe(false);
    expect(quoteOf(body, 'STANDARD').meetsRequiredBy).toBe(false);
  });

  it('matches the estimate the booking then stores', async () => {
    const body = (await quote({ requiredBy: '2026-03-05T19:00:00.000Z' })).json();
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/deliveries',
      headers: auth,
      payload: { ...validDeliveryForm(), deliveryType: 'SAME_DAY', requiredBy: '2026-03-05T19:00:00.000Z' },
    });
    expect(booked.statusCode).toBe(201);
    expect(booked.json().data.estimatedDelivery).toBe(quoteOf(body, 'SAME_DAY').estimatedDelivery);
  });

  it('quotes a STAT by its promise when that comes first, and the booking stores the same estimate', async () => {
    const form = validDeliveryForm();
    const places = { pickupAddress: form.pickupAddress, deliveryAddress: form.deliveryAddress };
    const routine = (await quote(places)).json();
    const stat = (await quote({ ...places, priority: 'stat' })).json();
    // 18:56: every service level waits for tomorrow; a STAT is collected within the hour and driven over tonight.
    const statEta = new Date(quoteOf(stat, 'NEXT_DAY').estimatedDelivery).getTime();
    expect(statEta).toBeLessThan(new Date(quoteOf(routine, 'NEXT_DAY').estimatedDelivery).getTime());
    expect(statEta - clock.now().getTime()).toBeGreaterThanOrEqual(70 * 60_000);
    expect(statEta - clock.now().getTime()).toBeLessThanOrEqual(130 * 60_000);
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/deliveries',
      headers: auth,
      payload: { ...form, deliveryType: 'NEXT_DAY', priority: 'stat', requiredBy: '2026-03-05T19:00:00.000Z' },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().data.estimatedDelivery).toBe(quoteOf(stat, 'NEXT_DAY').estimatedDelivery);
  });

  it('answers 400 naming requiredBy when it is not a date', async () => {
    const res = await quote({ requiredBy: 'tomorrow-ish' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: 'BAD_REQUEST', field: 'requiredBy' });
  });

  it('is for customers: 401 without a session, 403 for staff', async () => {
    expect((await quote({}, {} as never)).statusCode).toBe(401);
    const { user: staff } = await createUser(t.db, { email: 'staff-quote@courier.test', role: 'STAFF' });
    expect((await quote({}, await t.bearer(staff))).statusCode).toBe(403);
  });
});

describe('the service area (SERVICE_AREA_STATES)', () => {
  const t = useTestApp({ clock: fixedClock('2026-03-02T15:00:00Z'), env: { SERVICE_AREA_STATES: 'ma, NH,RI' } });
  let auth: { authorization: string };
  const book = (changes: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/deliveries', headers: auth, payload: { ...validDeliveryForm(), ...changes } });

  beforeAll(async () => {
    const { user } = await createUser(t.db, { email: 'area@clinic.test' });
    auth = await t.bearer(user);
  });

  it('books a delivery inside the area and tells the browser the states served', async () => {
    expect((await book({ deliveryAddress: '1 Main St, Concord, NH 03301' })).statusCode).toBe(201);
    expect((await t.app.inject('/api/v1/config')).json()).toMatchObject({ serviceAreaStates: ['MA', 'NH', 'RI'] });
  });

  it('refuses a pickup outside with 400 naming pickupAddress, and stores nothing', async () => {
    const before = (await t.db.select().from(deliveries)).length;
    const res = await book({ pickupAddress: '350 5th Ave, New York, NY 10118' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: 'OUTSIDE_SERVICE_AREA', field: 'pickupAddress' });
    expect(res.json().message).toMatch(/^pickupAddress: Pickup address in NY is outside our service area \(we serve MA, NH, RI\)/);
    expect((await t.db.select().from(deliveries)).length).toBe(before);
  });

  it('refuses a drop-off outside with 400 naming deliveryAddress, on booking and on quoting', async () => {
    const drop = { deliveryAddress: '100 Main St, Hartford, CT 06103' };
    const booked = await book(drop);
    expect(booked.statusCode).toBe(400);
    expect(booked.json()).toMatchObject({ error: 'OUTSIDE_SERVICE_AREA', field: 'deliveryAddress' });
    const quoted = await t.app.inject({ method: 'POST', url: '/api/v1/deliveries/quote', headers: auth, payload: drop });
    expect(quoted.statusCode).toBe(400);
    expect(quoted.json()).toMatchObject({ error: 'OUTSIDE_SERVICE_AREA', field: 'deliveryAddress' });
  });

  it('refuses an imported row outside the area, naming its line and field, and imports nothing', async () => {
    const changed: Record<string, string>[] = [{}, { deliveryAddress: '100 Main St, Hartford, CT 06103' }];
    const rows = changed.map((changes) => {
      const row: Record<string, string> = { ...validDeliveryForm(), senderPhone: '(617) 555-0100', ...changes };
      return IMPORT_COLUMNS.map((c) => {
        const v = row[c] ?? '';
        return /[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
      }).join(',');
    });
    const before = (await t.db.select().from(deliveries)).length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/deliveries/import',
      headers: { ...auth, 'content-type': 'text/csv' },
      payload: `${[IMPORT_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual([
      { line: 3, field: 'deliveryAddress', message: expect.stringMatching(/in CT is outside our service area/) },
    ]);
    expect((await t.db.select().from(deliveries)).length).toBe(before);
  });

  it('quotes addresses inside the area', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/deliveries/quote',
      headers: auth,
      payload: { pickupAddress: '55 Fruit St, Boston, MA 02114', deliveryAddress: '1 Main St, Providence, RI 02903' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('SERVICE_AREA_STATES unset', () => {
  const t = useTestApp({ clock: fixedClock('2026-03-02T15:00:00Z') });
  it('serves anywhere', async () => {
    const { user } = await createUser(t.db, { email: 'anywhere@clinic.test' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/deliveries',
      headers: await t.bearer(user),
      payload: { ...validDeliveryForm(), deliveryAddress: '350 5th Ave, New York, NY 10118' },
    });
    expect(res.statusCode).toBe(201);
    expect((await t.app.inject('/api/v1/config')).json()).toMatchObject({ serviceAreaStates: [], dispatchPhone: null });
  });
});
