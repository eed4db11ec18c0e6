import { ZDeliveryResponse } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDelivery, createUser } from '../../db/seed/factories.js';
import { deliveries, proofsOfDelivery } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { TEST_NOW } from './delivery-test-kit.js';

type User = Awaited<ReturnType<typeof createUser>>['user'];

describe('the delivery page tells its story to the owner only', () => {
  const clock = fixedClock(TEST_NOW);
  let t: TestApp;
  let owner: User;
  let driver: User;
  let staff: User;
  let delivered: Awaited<ReturnType<typeof createDelivery>>;
  const read = async (id: string, user: User) => t.app.inject({ url: `/api/v1/deliveries/${id}`, headers: await t.bearer(user) });

  beforeAll(async () => {
    t = await createTestApp({ clock });
    ({ user: owner } = await createUser(t.db));
    ({ user: driver } = await createUser(t.db, { role: 'DRIVER' }));
    ({ user: staff } = await createUser(t.db, { role: 'STAFF' }));
    delivered = await createDelivery(t.db, {
      customerId: owner.id,
      driverId: driver.id,
      status: 'delivered',
      createdAt: new Date('2026-03-02T08:00:00Z'),
      pickupAddress: '55 Fruit St, Boston, MA 02114',
      deliveryAddress: '330 Brookline Ave, Boston, MA 02215',
    });
    await t.db.insert(proofsOfDelivery).values({
      deliveryId: delivered.id,
      recipientName: 'Nurse Ama Boateng',
      notes: 'At the ward desk',
      capturedBy: driver.id,
      capturedAt: new Date('2026-03-02T11:00:00Z'),
    });
  });
  afterAll(() => t.close());

  it('gives the owner every step with its exact place, the delivered time and the proof', async () => {
    const res = await read(delivered.id, owner);
    expect(res.statusCode).toBe(200);
    const data = ZDeliveryResponse.parse(res.json()).data;
    expect(data.timeline.map((e) => e.status)).toEqual([
      'pending',
      'approved',
      'assigned',
      'moving_to_pickup_location',
      'picked_up',
      'in_transit',
      'delivered',
    ]);
    expect(data.timeline[0]).toMatchObject({ place: '55 Fruit St, Boston, MA 02114', timestamp: '2026-03-02T08:00:00.000Z' });
    // Dispatch's moves and the driver setting off are not where the parcel was: no pickup address on them.
    for (const e of data.timeline.slice(1, 4)) expect(e).toMatchObject({ place: null, coords: null });
    expect(data.timeline[4]).toMatchObject({ status: 'picked_up', place: '55 Fruit St, Boston, MA 02114' });
    expect(data.timeline.at(-1)).toMatchObject({ place: '330 Brookline Ave, Boston, MA 02215', timestamp: '2026-03-02T11:00:00.000Z' });
    expect(data.deliveredAt).toBe('2026-03-02T11:00:00.000Z');
    expect(data.pod).toMatchObject({ recipientName: 'Nurse Ama Boateng', notes: 'At the ward desk' });
    expect(data.cancelReason).toBeNull();
  });

  it('gives the assigned driver (while the job is open) and staff the delivery without its story', async () => {
    const open = await createDelivery(t.db, { customerId: owner.id, status: 'in_transit', driverId: driver.id });
    for (const [reader, d] of [
      [driver, open],
      [staff, delivered],
    ] as const) {
      const res = await read(d.id, reader);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ _id: d.id, timeline: [], pod: null, deliveredAt: null, cancelReason: null });
    }
  });

  it('ends the driver’s access when the job is closed (delivered, cancelled) or given to another driver: 404 as for a stranger', async () => {
    expect((await read(delivered.id, driver)).statusCode).toBe(404);
    const cancelled = await createDelivery(t.db, { customerId: owner.id, status: 'cancelled', driverId: driver.id });
    expect((await read(cancelled.id, driver)).statusCode).toBe(404);
    const { user: next } = await createUser(t.db, { role: 'DRIVER' });
    const handedOn = await createDelivery(t.db, { customerId: owner.id, status: 'assigned', driverId: driver.id });
    expect((await read(handedOn.id, driver)).statusCode).toBe(200);
    await t.db.update(deliveries).set({ driverId: next.id }).where(eq(deliveries.id, handedOn.id));
    const res = await read(handedOn.id, driver);
    expect(res.statusCode).toBe(404);
    expect(JSON.stringify(res.json())).not.toContain('@');
  });

  it('says why a cancelled delivery was cancelled, to the owner only, and shows no estimate', async () => {
    const cancelled = await createDelivery(t.db, { customerId: owner.id, status: 'cancelled' });
    await t.db.update(deliveries).set({ cancelReason: 'Specimen no longer needed' }).where(eq(deliveries.id, cancelled.id));
    const mine = (await read(cancelled.id, owner)).json().data;
    expect(mine).toMatchObject({ status: 'cancelled', cancelReason: 'Specimen no longer needed', estimatedDelivery: null });
    expect((await read(cancelled.id, staff)).json().data.cancelReason).toBeNull();
  });

  it('answers another customer with 404 and nothing else', async () => {
    const { user: stranger } = await createUser(t.db);
    const res = await read(delivered.id, stranger);
    expect(res.statusCode).toBe(404);
    expect(JSON.stringify(res.json())).not.toContain('Ama');
  });
});
