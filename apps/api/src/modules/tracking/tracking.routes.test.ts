import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { deliveries, deliveryEvents, driverLocations } from '../../db/schema/index.js';
import { createDelivery, createUser } from '../../db/seed/factories.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';

describe('public tracking', () => {
  // 3:00 PM in New York; the delivery below was booked the day before.
  const clock = fixedClock('2026-03-02T20:00:00Z');
  const t = useTestApp({ clock });
  let customer: Awaited<ReturnType<typeof createUser>>['user'];
  let driver: Awaited<ReturnType<typeof createUser>>['user'];
  let parcel: Awaited<ReturnType<typeof createDelivery>>;
  let lookups = 0;
  /** Each lookup from its own address, so only the throttling test meets the limit. */
  const track = (number: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: `/api/v1/deliveries/track/${number}`, headers, remoteAddress: `10.0.0.${++lookups % 250}` });

  beforeAll(async () => {
    customer = (await createUser(t.db, { email: 'pharmacy@example.test', phone: '+16175550111' })).user;
    driver = (await createUser(t.db, { role: 'DRIVER', email: 'driver@example.test', phone: '+16175550122' })).user;
    parcel = await createDelivery(t.db, {
      customerId: customer.id,
      driverId: driver.id,
      status: 'in_transit',
      recipientName: 'Priya Raman',
      recipientPhone: '+16175550177',
      recipientEmail: 'priya.raman@example.test',
      specialInstructions: 'Leave with the front desk nurse',
      packageType: 'MEDICATION',
      createdAt: new Date('2026-03-01T14:00:00Z'),
      requiredBy: new Date('2026-03-03T17:00:00Z'),
      stepMinutes: 60,
    });
  });

  it('shows the status, estimate, street-less origin and destination with coordinates, and the custody timeline', async () => {
    const res = await track(parcel.orderId, { 'x-timezone-offset': '300' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({
      trackingNumber: parcel.orderId,
      status: 'in_transit',
      estimatedDelivery: '2026-03-03T17:00:00.000Z',
      estimatedDeliveryDisplay: 'Mar 3, 2026, 12:00 PM',
      origin: { label: 'Boston, MA 02114', formatted: 'Boston, MA 02114', lat: expect.any(Number), lng: expect.any(Number) },
      destination: { label: 'Boston, MA 02215', formatted: 'Boston, MA 02215', lat: expect.any(Number), lng: expect.any(Number) },
    });
    expect(body.data.timeline.map((e: { status: string }) => e.status)).toEqual([
      'pending',
      'approved',
      'assigned',
      'moving_to_pickup_location',
      'picked_up',
      'in_transit',
    ]);
    expect(body.data.timeline[0]).toEqual({
      status: 'pending',
      location: 'Boston, MA 02114',
      coords: { lat: body.data.origin.lat, lng: body.data.origin.lng },
      timestamp: '2026-03-01T14:00:00.000Z',
      displayTime: 'Mar 1, 2026, 9:00 AM',
      detail: null,
    });
    // Approving, assigning and the driver setting off happen away from the parcel: no place, neither pickup's nor the driver's.
    for (const e of body.data.timeline.slice(1, 4)) expect(e).toMatchObject({ location: null, coords: null });
    expect(body.data.timeline[4]).toMatchObject({ status: 'picked_up', location: 'Boston, MA 02114' });
    expect(body.data.timeline[5]).toMatchObject({ status: 'in_transit', location: 'In transit', coords: null });
  });

  it('shows stored coordinates only to about a kilometre: never the rooftop of a pickup, a home or a door', async () => {
    const d = await createDelivery(t.db, { customerId: customer.id, status: 'approved' });
    // As a remote geocoder (or a driver's fix) would store them: precise to the building.
    await t.db
      .update(deliveries)
      .set({ pickupLat: 42.362_847, pickupLng: -71.069_183, deliveryLat: 42.349_512, deliveryLng: -71.104_377 })
      .where(eq(deliveries.id, d.id));
    await t.db.update(deliveryEvents).set({ lat: 42.349_512, lng: -71.104_377 }).where(eq(deliveryEvents.deliveryId, d.id));
    const { data } = (await track(d.orderId)).json();
    expect(data.origin).toMatchObject({ lat: 42.36, lng: -71.07 });
    expect(data.destination).toMatchObject({ lat: 42.35, lng: -71.1 });
    const placed = data.timeline.filter((e: { coords: unknown }) => e.coords !== null);
    expect(placed.map((e: { status: string }) => e.status)).toEqual(['pending']);
    expect(placed.every((e: { coords: unknown }) => JSON.stringify(e.coords) === '{"lat":42.35,"lng":-71.1}')).toBe(true);
    expect(data.currentLocationCoords).toEqual({ lat: 42.35, lng: -71.1 });
  });

  it('places the parcel at its latest custody event that has coordinates', async () => {
    const { data } = (await track(parcel.orderId)).json();
    // The in_transit event has no coordinates: the parcel was last placed at pickup (picked_up, 18:00 UTC on the 1st).
    expect(data.currentLocation).toEqual({
      label: 'Boston, MA 02114',
      formatted: 'Boston, MA 02114',
      lat: data.origin.lat,
      lng: data.origin.lng,
      updatedAt: '2026-03-01T18:00:00.000Z',
      displayTime: 'Mar 1, 2026, 1:00 PM',
    });
    expect(data.currentLocationCoords).toEqual({ lat: data.origin.lat, lng: data.origin.lng });
  });

  it("follows the driver's last position while the parcel travels with them, when it is newer, named as a place", async () => {
    await t.db
      .insert(driverLocations)
      .values({ driverId: driver.id, lat: 42.3401, lng: -71.0892, updatedAt: new Date('2026-03-02T19:55:00Z') });
    const { data } = (await track(parcel.orderId, { 'x-timezone-offset': '300' })).json();
    // Never the words "In transit": the town nearest the fix (the row holds no label, so the gazetteer names it).
    expect(data.currentLocation).toEqual({
      label: 'Boston, MA',
      formatted: 'Boston, MA',
      lat: 42.3401,
      lng: -71.0892,
      updatedAt: '2026-03-02T19:55:00.000Z',
      displayTime: '2:55 PM',
    });
    expect(data.currentLocationCoords).toEqual({ lat: 42.3401, lng: -71.0892 });
  });

  it("uses the driver's position only once the parcel is picked up and only when newer than its last placed event", async () => {
    const otherDriver = (await createUser(t.db, { role: 'DRIVER' })).user;
    await t.db
      .insert(driverLocations)
      .values({ driverId: otherDriver.id, lat: 41.0, lng: -72.0, updatedAt: new Date('2026-03-02T19:59:00Z') });
    const stale = await createDelivery(t.db, {
      customerId: customer.id,
      driverId: otherDriver.id,
      status: 'in_transit',
      createdAt: new Date('2026-03-02T19:00:00Z'),
      stepMinutes: 1,
    });
    // Its picked_up event (19:04) is older than the driver's 19:59 position: followed.
    expect((await track(stale.orderId)).json().data.currentLocationCoords).toEqual({ lat: 41.0, lng: -72.0 });
    // Before pickup the driver's position says nothing about the parcel and is not shown.
    const assigned = await createDelivery(t.db, {
      customerId: customer.id,
      driverId: otherDriver.id,
      status: 'assigned',
      createdAt: new Date('2026-03-02T10:00:00Z'),
    });
    const { data } = (await track(assigned.orderId)).json();
    expect(data.currentLocation.label).toBe('Boston, MA 02114');
    expect(data.currentLocationCoords).not.toEqual({ lat: 41.0, lng: -72.0 });
    // A later event with coordinates wins over an older driver position.
    await t.db
      .insert(driverLocations)
      .values({ driverId: driver.id, lat: 0, lng: 0, updatedAt: new Date('2026-03-01T00:00:00Z') })
      .onConflictDoUpdate({
        target: driverLocations.driverId,
        set: { lat: 0, lng: 0, updatedAt: new Date('2026-03-01T00:00:00Z') },
      });
    expect((await track(parcel.orderId)).json().data.currentLocation.updatedAt).toBe('2026-03-01T18:00:00.000Z');
  });

  it("shows the driver's exact fix only while the parcel is their next drop, else to a kilometre, never for a controlled substance", async () => {
    const fix = { lat: 42.345_678, lng: -71.089_123 };
    const rounded = { lat: 42.35, lng: -71.09 };
    const courier = async () => {
      const c = (await createUser(t.db, { role: 'DRIVER' })).user;
      await t.db.insert(driverLocations).values({ driverId: c.id, ...fix, updatedAt: new Date('2026-03-02T19:58:00Z') });
      return c;
    };
    const job = (driverId: string, status: 'in_transit' | 'assigned' | 'failed_attempt' | 'returning', requiredBy: string, extra = {}) =>
      createDelivery(t.db, {
        customerId: customer.id,
        driverId,
        status,
        createdAt: new Date('2026-03-02T12:00:00Z'),
        stepMinutes: 10,
        requiredBy: new Date(requiredBy),
        ...extra,
      });
    const shown = async (orderId: string) => {
      const { data } = (await track(orderId)).json();
      expect(data.currentLocation).toMatchObject(data.currentLocationCoords);
      return data.currentLocationCoords;
    };

    // Two parcels on board and a pickup still to make, no route plan: the earliest required-by is the next drop.
    const c = await courier();
    const first = await job(c.id, 'in_transit', '2026-03-02T22:00:00Z');
    const second = await job(c.id, 'in_transit', '2026-03-03T12:00:00Z');
    const pickup = await job(c.id, 'assigned', '2026-03-02T21:00:00Z');
    expect(await shown(first.orderId)).toEqual(fix);
    expect(await shown(second.orderId)).toEqual(rounded);
    // An applied route plan's order decides; with a pickup planned first, no drop is next.
    const plan = async (order: [string, number][]) => {
      for (const [id, n] of order) await t.db.update(deliveries).set({ plannedOrder: n }).where(eq(deliveries.id, id));
    };
    await plan([
      [second.id, 1],
      [first.id, 2],
      [pickup.id, 3],
    ]);
    expect(await shown(second.orderId)).toEqual(fix);
    expect(await shown(first.orderId)).toEqual(rounded);
    await plan([
      [pickup.id, 1],
      [second.id, 2],
      [first.id, 3],
    ]);
    expect(await shown(second.orderId)).toEqual(rounded);
    expect(await shown(first.orderId)).toEqual(rounded);

    // A failed attempt waits for dispatch: not on its way to a door. A return to the sender is.
    expect(await shown((await job((await courier()).id, 'failed_attempt', '2026-03-02T22:00:00Z')).orderId)).toEqual(rounded);
    expect(await shown((await job((await courier()).id, 'returning', '2026-03-02T22:00:00Z')).orderId)).toEqual(fix);
    // A controlled substance, even as the only drop: never the exact fix.
    const controlled = await job((await courier()).id, 'in_transit', '2026-03-02T22:00:00Z', {
      handling: { controlledSubstance: true },
    });
    expect(await shown(controlled.orderId)).toEqual(rounded);
  });

  it('never reveals names, phones, e-mails, addresses, instructions, contents or internal ids', async () => {
    const res = await track(parcel.orderId);
    const text = res.body;
    for (const secret of [
      'Priya',
      'Raman',
      '+16175550177',
      'priya.raman@example.test',
      'pharmacy@example.test',
      '+16175550111',
      '+16175550100',
      '55 Fruit St',
      '330 Brookline Ave',
      'front desk nurse',
      'MEDICATION',
      'Medication',
      'small',
      'STANDARD',
      parcel.id,
      customer.id,
      driver.id,
    ]) {
      expect(text).not.toContain(secret);
    }
    const { data } = res.json();
    expect(Object.keys(data).sort()).toEqual(
      [
        // Only the minutes the recipient was told ("About 10 minutes away"), once the driver's next drop is theirs.
        'arrivingSoon',
        'currentLocation',
        'currentLocationCoords',
        'destination',
        'estimatedDelivery',
        'estimatedDeliveryDisplay',
        // Of the medical handling, only whether a hold exists, shown as "On hold"; never its reason or readings.
        'onHold',
        'origin',
        // How many pieces travel, never what they are.
        'pieceCount',
        // Only whether the receiving lab rejected it, shown as "Rejected by lab"; never why.
        'rejected',
        'status',
        'timeline',
        'trackingNumber',
      ].sort(),
    );
    expect(Object.keys(data.timeline[0]).sort()).toEqual(['coords', 'detail', 'displayTime', 'location', 'status', 'timestamp']);
  });

  it('shows times in the business time zone when the browser sends no offset', async () => {
    const { data } = (await track(parcel.orderId)).json();
    expect(data.timeline[0].displayTime).toBe('Mar 1, 2026, 9:00 AM');
    const berlin = (await track(parcel.orderId, { 'x-timezone-offset': '-60' })).json().data;
    expect(berlin.timeline[0].displayTime).toBe('Mar 1, 2026, 3:00 PM');
  });

  it('gives no estimate for a cancelled delivery', async () => {
    const cancelled = await createDelivery(t.db, { customerId: customer.id, status: 'cancelled' });
    const { data } = (await track(cancelled.orderId)).json();
    expect(data.status).toBe('cancelled');
    expect(data.estimatedDelivery).toBeNull();
    expect(data.estimatedDeliveryDisplay).toBeNull();
  });

  it('accepts the number in lower case, with spaces or dashes, and with O/I/L misread for 0/1', async () => {
    const misread = parcel.orderId.toLowerCase().replace(/0/g, 'o').replace(/1/g, 'l');
    expect((await track(misread)).json().data.trackingNumber).toBe(parcel.orderId);
    expect((await track(`${parcel.orderId.slice(0, 6)}-${parcel.orderId.slice(6)}`)).statusCode).toBe(200);
  });

  it('answers 404 with success false for an unknown or malformed number', async () => {
    for (const number of ['MC0000000000', 'MC000000000U', 'hello', '12345', `${parcel.orderId}X`]) {
      const res = await track(number);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: 'Invalid tracking number' });
    }
  });

  it('asks for a tracking number when none is given', async () => {
    const res = await t.app.inject({ url: '/api/v1/deliveries/track', remoteAddress: '10.1.0.2' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: 'Please enter a tracking number' });
    const blank = await t.app.inject({ url: '/api/v1/deliveries/track?trackingNumber=%20', remoteAddress: '10.1.0.2' });
    expect(blank.statusCode).toBe(400);
  });

  it('redirects a number sent as a query, as a search form sends it, to its one address', async () => {
    const res = await t.app.inject({ url: `/api/v1/deliveries/track?trackingNumber=${parcel.orderId}`, remoteAddress: '10.1.0.2' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/api/v1/deliveries/track/${parcel.orderId}`);
    const odd = await t.app.inject({ url: '/api/v1/deliveries/track?trackingNumber=a%2F..%2Fb', remoteAddress: '10.1.0.2' });
    expect(odd.headers.location).toBe('/api/v1/deliveries/track/a%2F..%2Fb');
  });

  it('answers the order id, status and whether feedback was left, for the feedback page', async () => {
    const res = await t.app.inject({ url: `/api/v1/deliveries/track/${parcel.orderId.toLowerCase()}/details`, remoteAddress: '10.1.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: { orderId: parcel.orderId, status: 'in_transit', rejected: false, feedbackSubmitted: false },
    });
    const unknown = await t.app.inject({ url: '/api/v1/deliveries/track/MC0000000000/details', remoteAddress: '10.1.0.1' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, message: 'Invalid tracking number' });
  });

  it('throttles lookups per address: 60 a minute, then 429 with Retry-After, other addresses unaffected', async () => {
    const from = (remoteAddress: string, number = 'MC0000000000') =>
      t.app.inject({ url: `/api/v1/deliveries/track/${number}`, remoteAddress });
    for (let i = 0; i < 60; i++) expect((await from('10.9.9.9')).statusCode).toBe(404);
    const blocked = await from('10.9.9.9', parcel.orderId);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json()).toMatchObject({ success: false, error: 'RATE_LIMITED' });
    expect((await from('10.9.9.10', parcel.orderId)).statusCode).toBe(200);

    for (let i = 0; i < 60; i++) await t.app.inject({ url: `/api/v1/deliveries/track/MC0000000000/details`, remoteAddress: '10.9.9.11' });
    const details = await t.app.inject({ url: `/api/v1/deliveries/track/${parcel.orderId}/details`, remoteAddress: '10.9.9.11' });
    expect(details.statusCode).toBe(429);
    expect(details.headers['retry-after']).toBeDefined();
  });
});
