import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, deliveries, deliveryPieces, loggerBindings } from '../../db/schema/index.js';
import { createDelivery } from '../../db/seed/factories.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { listCustodyEvents, verifyCustodyChain } from '../deliveries/custody.js';
import { type Crew, crew } from '../dispatch/operations-test-kit.js';

const MIN = 60_000;
const NOW = new Date('2026-03-02T15:00:00Z');

describe('temperature loggers that report on their own', () => {
  const clock = fixedClock(NOW);
  const t = useTestApp({ clock });
  let people: Crew;
  let gateway: { authorization: string };

  /** A parcel on board with the crew's driver, picked up an hour ago. */
  const onBoard = async (temperature: 'refrigerated' | 'frozen', customerId = people.CUSTOMER.id) =>
    createDelivery(t.db, {
      customerId,
      driverId: people.DRIVER.id,
      status: 'in_transit',
      createdAt: new Date(NOW.getTime() - 90 * MIN),
      stepMinutes: 10,
      handling: { temperature },
    });
  const bind = (id: string, loggerId: string, who = people.DRIVER, piece?: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1/driver/deliveries/${id}/logger`, headers: who.auth, payload: { loggerId, piece } });
  const send = (deviceId: string, readings: { at: Date; celsius: number }[], headers = gateway) =>
    t.app.inject({ method: 'POST', url: '/api/v1/devices/readings', headers, payload: { deviceId, readings } });
  /** One reading a minute from `from`, all at `celsius`. */
  const minutes = (from: Date, count: number, celsius: number) =>
    Array.from({ length: count }, (_, i) => ({ at: new Date(from.getTime() + i * MIN), celsius }));
  /** A logger scanned onto the parcel some minutes ago (as the driver's scan would have). */
  const boundSince = (deliveryId: string, deviceId: string, minutesAgo: number) =>
    t.db.insert(loggerBindings).values({ deviceId, deliveryId, boundAt: new Date(NOW.getTime() - minutesAgo * MIN) });
  const row = async (id: string) => (await t.db.select().from(deliveries).where(eq(deliveries.id, id)))[0];

  beforeAll(async () => {
    people = await crew(t);
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: people.CUSTOMER.auth,
      payload: { name: 'Cooler gateway', scopes: ['readings:write'] },
    });
    expect(key.statusCode, key.body).toBe(201);
    gateway = { authorization: `Bearer ${key.json().data.secret}` };
  });

  it('binds a logger at pickup for the assigned driver only, once, as a custody event', async () => {
    const d = await onBoard('refrigerated');
    expect((await bind(d.id, 'LOG-1', people.otherDriver)).statusCode).toBe(404);
    const first = await bind(d.id, 'LOG-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe('Logger LOG-1 bound to the parcel');
    expect((await bind(d.id, 'LOG-1')).json().message).toBe('Logger LOG-1 was already bound');
    const events = await listCustodyEvents(t.db, d.id);
    expect(events.filter((e) => e.note?.startsWith('Data logger LOG-1'))).toHaveLength(1);
    const pending = await createDelivery(t.db, { customerId: people.CUSTOMER.id, status: 'approved' });
    expect((await bind(pending.id, 'LOG-1')).statusCode).toBe(404);
  });

  it("binds a logger to one piece of the parcel: stored, named in custody and the answer; another parcel's piece is refused", async () => {
    const d = await createDelivery(t.db, {
      customerId: people.CUSTOMER.id,
      driverId: people.DRIVER.id,
      status: 'in_transit',
      createdAt: new Date(NOW.getTime() - 90 * MIN),
      stepMinutes: 10,
      handling: { temperature: 'refrigerated' },
      pieces: [{ kind: 'bag' }, { kind: 'cooler' }],
    });
    const other = await onBoard('refrigerated');
    const refused = await bind(d.id, 'LOG-P', people.DRIVER, `${other.orderId}-01`);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'piece' });
    expect(refused.json().message).toContain(`is not a piece of ${d.orderId}`);
    // Bound to the parcel first, then named a piece: the binding moves to it, once.
    expect((await bind(d.id, 'LOG-P')).json().message).toBe('Logger LOG-P bound to the parcel');
    const cooler = `${d.orderId}-02`;
    const moved = await bind(d.id, 'LOG-P', people.DRIVER, ` ${cooler.toLowerCase()} `);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().message).toBe(`Logger LOG-P bound to cooler ${cooler}`);
    expect((await bind(d.id, 'LOG-P', people.DRIVER, cooler)).json().message).toBe('Logger LOG-P was already bound');
    expect((await bind(d.id, 'LOG-P')).json().message).toBe('Logger LOG-P was already bound');
    const bindings = await t.db
      .select({ barcode: deliveryPieces.barcode })
      .from(loggerBindings)
      .leftJoin(deliveryPieces, eq(deliveryPieces.id, loggerBindings.pieceId))
      .where(eq(loggerBindings.deliveryId, d.id));
    expect(bindings).toEqual([{ barcode: cooler }]);
    const events = await listCustodyEvents(t.db, d.id);
    const notes = events.map((e) => e.note).filter((n) => n?.startsWith('Data logger LOG-P'));
    expect(notes).toEqual([
      'Data logger LOG-P travels with the parcel: its readings count from now',
      `Data logger LOG-P travels in cooler ${cooler} now`,
    ]);
    expect(verifyCustodyChain(events).valid).toBe(true);
    // The trace and the staff list name the piece.
    await send('LOG-P', [{ at: NOW, celsius: 5 }]);
    const trace = await t.app.inject({ url: `/api/v1/deliveries/${d.id}/temperature`, headers: people.CUSTOMER.auth });
    expect(trace.statusCode, trace.body).toBe(200);
    expect(trace.json().data.readings).toContainEqual(expect.objectContaining({ deviceId: 'LOG-P', piece: cooler }));
    const csv = await t.app.inject({ url: `/api/v1/deliveries/${d.id}/temperature.csv`, headers: people.CUSTOMER.auth });
    expect(csv.body).toMatch(new RegExp(`logger \\(live\\),LOG-P,${cooler},yes,`));
    const list = await t.app.inject({ url: '/api/v1/admin/devices', headers: people.STAFF.auth });
    expect(list.json().data.find((x: { deviceId: string }) => x.deviceId === 'LOG-P').boundTo).toEqual([
      { deliveryId: d.id, orderId: d.orderId, piece: cooler },
    ]);
  });

  it('stores readings once, in any order, hours late, and refuses one outside the binding (422 naming it)', async () => {
    const d = await onBoard('refrigerated');
    // Scanned three hours ago; the gateway was out of reach since and sends its buffer now, newest first.
    await t.db.insert(loggerBindings).values({ deviceId: 'LOG-2', deliveryId: d.id, boundAt: new Date(NOW.getTime() - 180 * MIN) });
    const batch = minutes(new Date(NOW.getTime() - 175 * MIN), 30, 5).reverse();
    const sent = await send('LOG-2', batch);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ success: true, accepted: 30, duplicates: 0, held: [] });
    const again = await send('LOG-2', batch.slice(0, 10));
    expect(again.json()).toMatchObject({ accepted: 0, duplicates: 10 });
    const early = await send('LOG-2', [
      ...minutes(new Date(NOW.getTime() - 100 * MIN), 2, 5),
      { at: new Date(NOW.getTime() - 200 * MIN), celsius: 5 },
    ]);
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({ error: 'READING_TIME_REFUSED', field: 'readings[2].at' });
    expect(early.json().message).toMatch(/^readings\[2\]\.at: /);
    const unbound = await send('NO-SUCH-LOGGER', minutes(NOW, 1, 5));
    expect(unbound.json()).toMatchObject({ error: 'READING_TIME_REFUSED', field: 'readings[0].at' });
  });

  it('holds a parcel when the cumulative minutes beyond a boundary add up, with the hold a probe excursion places', async () => {
    const admin = people.ADMIN;
    const rule = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/temperature-rules/refrigerated',
      headers: admin.auth,
      payload: {
        boundaries: [
          { above: 8, minutes: 30, severity: 'warning' },
          { above: 15, minutes: 0, severity: 'critical' },
          { below: 2, minutes: 10, severity: 'critical' },
        ],
      },
    });
    expect(rule.statusCode, rule.body).toBe(200);
    const d = await onBoard('refrigerated');
    await bind(d.id, 'LOG-3');
    clock.set(new Date(NOW.getTime() + 21 * MIN));
    const warm = await send('LOG-3', minutes(new Date(NOW.getTime() + MIN), 20, 9.5));
    expect(warm.json().held).toEqual([]);
    expect((await row(d.id)).holdSince).toBeNull();
    // A break in the warm spell, then more of it, sent late: 20 + 11 minutes beyond 8 °C.
    const cool = minutes(new Date(NOW.getTime() + 21 * MIN), 5, 6);
    const warmer = minutes(new Date(NOW.getTime() + 26 * MIN), 12, 9);
    clock.set(new Date(NOW.getTime() + 40 * MIN));
    const held = await send('LOG-3', [...warmer, ...cool]);
    clock.set(NOW);
    expect(held.json().held).toEqual([d.orderId]);
    const after = await row(d.id);
    expect(after.holdReason).toBe('temperature');
    const events = await listCustodyEvents(t.db, d.id);
    const hold = events.find((e) => e.note?.startsWith('On hold for temperature'));
    expect(hold?.note).toContain('above 8 °C for 30 cumulative minutes (warning)');
    expect(verifyCustodyChain(events).valid).toBe(true);
    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, d.id), eq(auditEvents.action, 'delivery.hold')));
    expect(audits).toHaveLength(1);
  });

  it('holds at once on the class range when no rule is set (frozen)', async () => {
    const d = await onBoard('frozen');
    await boundSince(d.id, 'LOG-4', 5);
    const res = await send('LOG-4', [{ at: new Date(NOW.getTime() + MIN), celsius: -4 }]);
    expect(res.json().held).toEqual([d.orderId]);
  });

  it('takes readings only from the parcel owner’s keys with the scope', async () => {
    const d = await onBoard('refrigerated');
    await boundSince(d.id, 'LOG-5', 5);
    const reading = [{ at: new Date(NOW.getTime() - MIN), celsius: 5 }];
    expect((await send('LOG-5', reading, people.otherCustomer.auth)).statusCode).toBe(403);
    const readOnly = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: people.CUSTOMER.auth,
      payload: { name: 'Reader', scopes: ['deliveries:read'] },
    });
    const noScope = await send('LOG-5', reading, { authorization: `Bearer ${readOnly.json().data.secret}` });
    expect(noScope.statusCode).toBe(403);
    expect((await send('LOG-5', reading, people.DRIVER.auth)).statusCode).toBe(403);
  });

  it('exports the trace as CSV with breaches and gaps, for the owner and staff only', async () => {
    const d = await onBoard('frozen');
    await boundSince(d.id, 'LOG-6', 60);
    await send('LOG-6', [...minutes(new Date(NOW.getTime() - 59 * MIN), 5, -18), ...minutes(new Date(NOW.getTime() - 30 * MIN), 3, -8)]);
    const csv = await t.app.inject({ url: `/api/v1/deliveries/${d.id}/temperature.csv`, headers: people.CUSTOMER.auth });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split(/\r?\n/)[0]).toBe('Time,Celsius,Source,Logger,Piece,In range,Note');
    expect(csv.body).toMatch(/breach,LOG-6,,no,above -10 °C at all \(critical\)/);
    expect(csv.body).toMatch(/gap,LOG-6,,,No reading until/);
    expect((await t.app.inject({ url: `/api/v1/deliveries/${d.id}/temperature.csv`, headers: people.STAFF.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/v1/deliveries/${d.id}/temperature.csv`, headers: people.otherCustomer.auth })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: `/api/v1/deliveries/${d.id}/temperature.csv`, headers: people.DRIVER.auth })).statusCode).toBe(404);
  });

  it('lists devices for staff: last reading, last heard, the parcels they travel with', async () => {
    const list = await t.app.inject({ url: '/api/v1/admin/devices', headers: people.STAFF.auth });
    expect(list.statusCode, list.body).toBe(200);
    const log6 = list.json().data.find((x: { deviceId: string }) => x.deviceId === 'LOG-6');
    expect(log6).toMatchObject({ lastCelsius: -8, lastHeardAt: NOW.toISOString() });
    expect(log6.boundTo).toHaveLength(1);
    expect((await t.app.inject({ url: '/api/v1/admin/devices', headers: people.CUSTOMER.auth })).statusCode).toBe(403);
  });

  it('lets administrators set rules and staff read them; a boundary names one side', async () => {
    const put = (who: { auth: Record<string, string> }, boundaries: object[]) =>
      t.app.inject({ method: 'PUT', url: '/api/v1/admin/temperature-rules/frozen', headers: who.auth, payload: { boundaries } });
    expect((await put(people.STAFF, [{ above: -10, minutes: 5, severity: 'critical' }])).statusCode).toBe(403);
    const both = await put(people.ADMIN, [{ above: -10, below: -30, minutes: 5, severity: 'critical' }]);
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toContain('either above or below');
    const list = await t.app.inject({ url: '/api/v1/admin/temperature-rules', headers: people.STAFF.auth });
    const frozen = list.json().data.find((r: { temperatureClass: string }) => r.temperatureClass === 'frozen');
    expect(frozen).toMatchObject({
      custom: false,
      boundaries: [
        { above: -10, minutes: 0 },
        { below: -25, minutes: 0 },
      ],
    });
  });
});
