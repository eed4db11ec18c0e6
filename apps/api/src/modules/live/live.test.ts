import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { multipartForm, TEST_NOW, validDeliveryForm } from '../deliveries/delivery-test-kit.js';
import { type Crew, crew, deliveryIn } from '../dispatch/operations-test-kit.js';
import { listenOnLoopback, openEventStream, streamsTo } from './live-test-kit.js';

describe('live updates', () => {
  let t: TestApp;
  let people: Crew;
  let base: string;
  const { stream, closeAll } = streamsTo(() => base);
  const mine = (auth: Record<string, string>, headers: Record<string, string> = {}) => stream('/api/v1/events', { ...auth, ...headers });
  const driverMove = (id: string, status: string, auth = people.DRIVER.auth) =>
    t.app.inject({ method: 'POST', url: `/api/v1/driver/deliveries/${id}/status`, headers: auth, payload: { status } });

  beforeAll(async () => {
    t = await createTestApp({ clock: fixedClock(TEST_NOW), env: { LIVE_HEARTBEAT_MS: '100' } });
    people = await crew(t);
    base = await listenOnLoopback(t.app);
  });
  afterAll(async () => {
    closeAll();
    await t.close();
  });

  it('checks access before streaming: 401 without a valid token, 404 for a tracking number the tracking call does not know', async () => {
    expect((await t.app.inject('/api/v1/events')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/events', headers: { authorization: 'Bearer nope' } })).statusCode).toBe(401);
    const unknown = await t.app.inject('/api/v1/deliveries/track/MC0000000000/events');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual((await t.app.inject('/api/v1/deliveries/track/MC0000000000')).json());
    expect((await t.app.inject('/api/v1/deliveries/track/nonsense/events')).statusCode).toBe(404);
  });

  it('sends each account only what it may see: a customer their own, a driver their jobs, staff the board', async () => {
    const theirs = await deliveryIn(t, 'assigned', people.otherCustomer.id, people.otherDriver.id);
    const ours = await deliveryIn(t, 'assigned', people.CUSTOMER.id, people.DRIVER.id);
    const [customer, otherCustomer, driver, otherDriver, staff] = await Promise.all([
      mine(people.CUSTOMER.auth),
      mine(people.otherCustomer.auth),
      mine(people.DRIVER.auth),
      mine(people.otherDriver.auth),
      mine(people.STAFF.auth),
    ]);
    expect(customer.status).toBe(200);
    expect(customer.headers.get('content-type')).toMatch(/^text\/event-stream/);

    expect((await driverMove(ours.id, 'moving_to_pickup_location')).statusCode).toBe(200);
    // A later change the others may see: whatever of ours they were sent would have come before it.
    expect((await driverMove(theirs.id, 'moving_to_pickup_location', people.otherDriver.auth)).statusCode).toBe(200);

    const moved = { event: 'delivery.moved', data: expect.objectContaining({ deliveryId: ours.id, status: 'moving_to_pickup_location' }) };
    expect(await customer.next((e) => e.event === 'delivery.moved')).toMatchObject(moved);
    expect(await driver.next((e) => e.event === 'delivery.moved')).toMatchObject(moved);
    await staff.until(() => staff.events.filter((e) => e.event === 'delivery.moved').length === 2);
    expect(staff.events.map((e) => e.data.deliveryId)).toEqual([ours.id, theirs.id]);
    for (const other of [otherCustomer, otherDriver]) {
      await other.next((e) => e.data.deliveryId === theirs.id);
      expect(other.events.some((e) => e.data.deliveryId === ours.id)).toBe(false);
    }
    expect(customer.events.some((e) => e.data.deliveryId === theirs.id)).toBe(false);
    expect(driver.events.some((e) => e.data.deliveryId === theirs.id)).toBe(false);
    expect(Object.keys(customer.events[0].data).sort()).toEqual(['at', 'deliveryId', 'orderId', 'status', 'type']);
  });

  it('tells the owner of a notice at once, and staff of a new booking', async () => {
    const [customer, staff, otherCustomer] = await Promise.all([
      mine(people.CUSTOMER.auth),
      mine(people.MANAGER.auth),
      mine(people.otherCustomer.auth),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/deliveries',
      headers: people.CUSTOMER.auth,
      payload: multipartForm(validDeliveryForm()) as never,
    });
    expect(res.statusCode).toBe(201);
    const created = await staff.next((e) => e.event === 'delivery.created');
    expect(created.data).toMatchObject({ status: 'pending' });
    await customer.next((e) => e.event === 'delivery.created');
    await customer.next((e) => e.event === 'notification.created' && e.data.deliveryId === created.data.deliveryId);
    expect(otherCustomer.events).toEqual([]);
  });

  it('carries on the public stream only what tracking shows: status and position changes, no names, phones, e-mails or addresses', async () => {
    const d = await deliveryIn(t, 'picked_up', people.CUSTOMER.id, people.DRIVER.id, {
      specialInstructions: 'Leave with the night porter',
    });
    const other = await deliveryIn(t, 'picked_up', people.otherCustomer.id, people.otherDriver.id);
    const watcher = await stream(`/api/v1/deliveries/track/${d.orderId.toLowerCase()}/events`);
    expect(watcher.status).toBe(200);
    expect((await driverMove(other.id, 'in_transit', people.otherDriver.auth)).statusCode).toBe(200);
    expect((await driverMove(d.id, 'in_transit')).statusCode).toBe(200);
    const moved = await watcher.next((e) => e.event === 'delivery.moved');
    expect(moved.data).toEqual({ type: 'delivery.moved', trackingNumber: d.orderId, status: 'in_transit', at: expect.any(String) });
    const fix = await t.app.inject({
      method: 'POST',
      url: '/api/v1/driver/location',
      headers: people.DRIVER.auth,
      payload: { lat: 42.35, lng: -71.06 },
    });
    expect(fix.statusCode).toBe(200);
    const located = await watcher.next((e) => e.event === 'delivery.located');
    expect(located.data).toEqual({ type: 'delivery.located', trackingNumber: d.orderId, status: 'in_transit', at: expect.any(String) });
    expect(watcher.events.every((e) => e.data.trackingNumber === d.orderId)).toBe(true);
    for (const secret of [
      d.recipientName,
      d.recipientPhone,
      d.recipientEmail,
      d.deliveryAddress,
      d.pickupAddress,
      d.specialInstructions,
      d.id,
    ]) {
      expect(watcher.raw).not.toContain(secret);
    }
  });

  it('resumes after Last-Event-ID with what the client missed, and sends a heartbeat comment', async () => {
    const d = await deliveryIn(t, 'assigned', people.CUSTOMER.id, people.DRIVER.id);
    const first = await mine(people.DRIVER.auth);
    await driverMove(d.id, 'moving_to_pickup_location');
    const seen = await first.next((e) => e.data.deliveryId === d.id);
    first.close();
    await deliveryIn(t, 'assigned', people.otherCustomer.id, people.otherDriver.id).then((x) =>
      driverMove(x.id, 'moving_to_pickup_location', people.otherDriver.auth),
    );
    const missed = await deliveryIn(t, 'assigned', people.CUSTOMER.id, people.DRIVER.id);
    await driverMove(missed.id, 'moving_to_pickup_location');

    const again = await mine(people.DRIVER.auth, { 'last-event-id': seen.id });
    const replayed = await again.next((e) => e.data.deliveryId === missed.id);
    expect(Number(replayed.id)).toBeGreaterThan(Number(seen.id));
    expect(again.events.map((e) => e.data.deliveryId)).toEqual([missed.id]);
    await again.until(() => again.comments.includes('heartbeat'), 2000);
  });

  it('is ended with a reconnect hint when the server stops', async () => {
    const extra = await createTestApp();
    const url = await listenOnLoopback(extra.app);
    const s = await openEventStream(`${url}/api/v1/events`, (await crew(extra)).STAFF.auth);
    expect(extra.app.services.liveStreams.size).toBe(1);
    await extra.close();
    await s.until(() => s.ended);
    expect(s.retries).toEqual(['1000']);
  });
});
