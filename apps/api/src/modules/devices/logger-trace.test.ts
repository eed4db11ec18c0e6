import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { deliveries, loggerBindings, notifications } from '../../db/schema/index.js';
import { createDelivery } from '../../db/seed/factories.js';
import { fixedClock } from '../../platform/clock.js';
import { receiptToken } from '../../shared/receipt-token.js';
import { useTestApp } from '../../test/test-app.js';
import { pdfText } from '../deliveries/delivery-test-kit.js';
import { type Crew, crew } from '../dispatch/operations-test-kit.js';
import { sweepLoggerGaps } from './logger-gap-sweep.js';

const MIN = 60_000;
const NOW = new Date('2026-03-02T15:00:00Z');
const at = (minutes: number) => new Date(NOW.getTime() + minutes * MIN);

describe('the logger trace: the hold at once, gaps told to dispatch, the trace as JSON and in the custody PDF', () => {
  const clock = fixedClock(NOW);
  const t = useTestApp({ clock });
  let people: Crew;
  let gateway: { authorization: string };

  const onBoard = async (temperature: 'refrigerated' | 'frozen' = 'refrigerated') =>
    createDelivery(t.db, {
      customerId: people.CUSTOMER.id,
      driverId: people.DRIVER.id,
      status: 'in_transit',
      createdAt: at(-90),
      stepMinutes: 10,
      handling: { temperature },
    });
  const bindSince = (deliveryId: string, deviceId: string, minutesAgo: number) =>
    t.db.insert(loggerBindings).values({ deviceId, deliveryId, boundAt: at(-minutesAgo) });
  const send = (deviceId: string, readings: { at: Date; celsius: number }[]) =>
    t.app.inject({ method: 'POST', url: '/api/v1/devices/readings', headers: gateway, payload: { deviceId, readings } });
  /** One reading a minute from `from` (minutes from NOW), all at `celsius`. */
  const minutes = (from: number, count: number, celsius: number) =>
    Array.from({ length: count }, (_, i) => ({ at: at(from + i), celsius }));
  const told = async (deliveryId: string, title: string) =>
    (
      await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.deliveryId, deliveryId), eq(notifications.title, title)))
    ).length;
  const trace = (id: string, who: { auth: Record<string, string> }) =>
    t.app.inject({ url: `/api/v1/deliveries/${id}/temperature`, headers: who.auth });

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

  it('places the hold in the request that brings the breaching reading: held, and dispatch told, when the POST returns', async () => {
    const d = await onBoard('frozen');
    await bindSince(d.id, 'TRC-HOLD', 30);
    const res = await send('TRC-HOLD', [...minutes(-20, 5, -20), { at: at(-14), celsius: -5 }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().held).toEqual([d.orderId]);
    const [row] = await t.db.select().from(deliveries).where(eq(deliveries.id, d.id));
    // Held at the reading's arrival (the request's own clock), not by a later sweep.
    expect(row.holdSince?.toISOString()).toBe(NOW.toISOString());
    expect(row.holdReason).toBe('temperature');
    expect(await told(d.id, 'Delivery on hold')).toBeGreaterThan(1);
  });

  it('tells dispatch once per gap while the logger is on board, again for a new gap, never once the parcel is off board', async () => {
    const d = await onBoard();
    await bindSince(d.id, 'TRC-GAP', 40);
    // A reading a minute until 20 minutes ago, then nothing: over three intervals of silence.
    expect((await send('TRC-GAP', minutes(-35, 15, 5))).statusCode).toBe(200);
    const finished = await onBoard();
    await bindSince(finished.id, 'TRC-DONE', 40);
    await send('TRC-DONE', minutes(-35, 15, 5));
    await t.db
      .update(deliveries)
      .set({ status: 'delivered', finishedAt: at(-19) })
      .where(eq(deliveries.id, finished.id));

    await sweepLoggerGaps(t.app.services);
    const first = await told(d.id, 'Logger silent');
    expect(first).toBeGreaterThan(0);
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.deliveryId, d.id), eq(notifications.title, 'Logger silent')));
    expect(notice.message).toContain('no reading from logger TRC-GAP since');
    expect(notice.userId).not.toBe(people.CUSTOMER.id);
    expect(await told(finished.id, 'Logger silent')).toBe(0);

    // The next sweeps find the same silence: nobody is told again, even when late readings shorten it.
    clock.set(at(5));
    await sweepLoggerGaps(t.app.services);
    await send('TRC-GAP', minutes(-20, 3, 5));
    await sweepLoggerGaps(t.app.services);
    expect(await told(d.id, 'Logger silent')).toBe(first);

    // The gap shows on the trace, open while the logger stays silent.
    const open = (await trace(d.id, people.CUSTOMER)).json().data.gaps;
    expect(open).toContainEqual({ deviceId: 'TRC-GAP', from: at(-18).toISOString(), to: at(5).toISOString(), open: true });

    // The logger speaks again, then falls silent: a new gap, told once more.
    await send('TRC-GAP', minutes(3, 3, 5));
    clock.set(at(15));
    await sweepLoggerGaps(t.app.services);
    await sweepLoggerGaps(t.app.services);
    expect(await told(d.id, 'Logger silent')).toBe(2 * first);
    expect(await told(finished.id, 'Logger silent')).toBe(0);
    clock.set(NOW);
  });

  it('serves the trace to the owner and staff (readings, boundaries, breaches with their span, gaps), not to the driver or another customer', async () => {
    const d = await onBoard('frozen');
    await bindSince(d.id, 'TRC-JSON', 60);
    await send('TRC-JSON', [...minutes(-59, 5, -18), ...minutes(-30, 3, -8), ...minutes(-27, 2, -19)]);
    const mine = await trace(d.id, people.CUSTOMER);
    expect(mine.statusCode, mine.body).toBe(200);
    const data = mine.json().data;
    expect(data).toMatchObject({ orderId: d.orderId, temperatureClass: 'frozen' });
    expect(data.readings).toHaveLength(10);
    expect(data.readings[0]).toEqual({ at: at(-59).toISOString(), celsius: -18, source: 'logger', deviceId: 'TRC-JSON', inRange: true });
    expect(data.boundaries).toEqual([
      { above: -10, minutes: 0, severity: 'critical' },
      { below: -25, minutes: 0, severity: 'critical' },
    ]);
    expect(data.breaches).toEqual([
      {
        deviceId: 'TRC-JSON',
        at: at(-30).toISOString(),
        celsius: -8,
        boundary: { above: -10, minutes: 0, severity: 'critical' },
        words: 'above -10 °C at all (critical)',
        from: at(-30).toISOString(),
        to: at(-27).toISOString(),
      },
    ]);
    expect(data.gaps).toEqual([
      { deviceId: 'TRC-JSON', from: at(-55).toISOString(), to: at(-30).toISOString(), open: false },
      { deviceId: 'TRC-JSON', from: at(-26).toISOString(), to: NOW.toISOString(), open: true },
    ]);
    expect((await trace(d.orderId, people.STAFF)).statusCode).toBe(200);
    expect((await trace(d.id, people.DRIVER)).statusCode).toBe(404);
    expect((await trace(d.id, people.otherCustomer)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v1/deliveries/${d.id}/temperature` })).statusCode).toBe(401);
  });

  it('gives the receiving lab the same trace by its receipt link', async () => {
    const d = await onBoard();
    await bindSince(d.id, 'TRC-LAB', 30);
    await send('TRC-LAB', minutes(-25, 4, 5));
    const token = receiptToken(t.app.services.jwtKey, d.id, NOW);
    const res = await t.app.inject({ url: `/api/v1/receipts/${token}/temperature` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ orderId: d.orderId, readings: expect.any(Array) });
    expect(res.json().data.readings).toHaveLength(4);
    expect((await t.app.inject({ url: '/api/v1/receipts/not-a-token/temperature' })).statusCode).toBe(404);
  });

  it('draws the trace in the custody PDF: a Temperature section with its chart and a breach row', async () => {
    const d = await onBoard('frozen');
    await bindSince(d.id, 'TRC-PDF', 60);
    await send('TRC-PDF', [...minutes(-50, 10, -18), ...minutes(-40, 3, -6), ...minutes(-37, 5, -18)]);
    const report = await t.app.inject({ url: `/api/v1/admin/deliveries/${d.id}/custody/report`, headers: people.STAFF.auth });
    expect(report.statusCode, report.body).toBe(200);
    const text = pdfText(report.rawPayload);
    expect(text).toContain('Temperature');
    expect(text).toContain('18 readings');
    expect(text).toContain('Breach - logger TRC-PDF: above -10 \u00B0C at all (critical)');
    expect(text).toContain('blue line: logger TRC-PDF');
    // The chart is drawn: the boundary's label and the dashed line's operator are in the page.
    expect(text).toContain('> -10 \u00B0C');
  });
});
