import { ZDeliveryDetail, ZStandingOrder } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../db/seed/factories.js';
import { deliveries, standingOrders } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { TEST_NOW, validDeliveryForm } from '../deliveries/delivery-test-kit.js';
import { bookDueOccurrences } from './book-due-occurrences.js';

const { requiredBy: _r, ...deliveryFields } = validDeliveryForm();
/** A lab's weekday specimen run, required by 16:00 in New York, its specimens collected from 09:00. */
const specimenOrder = (over: Record<string, unknown> = {}) => ({
  ...deliveryFields,
  packageType: 'SPECIMEN',
  specimen: { category: 'UN3373', collectionTime: '09:00', stableForHours: 12 },
  schedule: { rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', time: '16:00' },
  startsOn: '2026-03-02',
  ...over,
});

describe('specimen standing orders: each occurrence carries its collection time and stability deadline', () => {
  const clock = fixedClock(TEST_NOW);
  const t = useTestApp({ clock });
  let customer: { id: string; roleId: string };

  const post = async (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v1/standing-orders', headers: await t.bearer(customer), payload: payload as never });
  const create = async (payload: unknown) => {
    const res = await post(payload);
    expect(res.statusCode, res.body).toBe(201);
    return ZStandingOrder.parse(res.json().data);
  };
  const booked = (id: string) => t.db.select().from(deliveries).where(eq(deliveries.standingOrderId, id)).orderBy(deliveries.requiredBy);
  const detail = async (id: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/deliveries/${id}`, headers: await t.bearer(customer) });
    return ZDeliveryDetail.parse(res.json().data);
  };

  beforeAll(async () => {
    ({ user: customer } = await createUser(t.db, { firstName: 'Lab', lastName: 'Runs' }));
  });

  it("books the next day's occurrence ahead with that day's planned collection and its stability deadline", async () => {
    clock.set(TEST_NOW);
    const order = await create(specimenOrder());
    expect(order.delivery).toMatchObject({
      packageType: 'SPECIMEN',
      specimen: { category: 'UN3373', collectionTime: '09:00', stableForHours: 12 },
    });

    clock.set('2026-03-02T22:00:00Z'); // Monday 17:00: Tuesday's 16:00 run is booked, its collection still to come
    await bookDueOccurrences(t.app.services);
    const [tuesday] = await booked(order._id);
    expect(tuesday.requiredBy?.toISOString()).toBe('2026-03-03T21:00:00.000Z');
    expect(tuesday.specimenCollectedAt?.toISOString()).toBe('2026-03-03T14:00:00.000Z'); // Tuesday 09:00 EST
    expect(tuesday.stabilityDeadline?.toISOString()).toBe('2026-03-04T02:00:00.000Z'); // + 12 hours
    const json = await detail(tuesday.id);
    expect(json).toMatchObject({
      standingOrderId: order._id,
      specimen: { category: 'UN3373', collectedAt: '2026-03-03T14:00:00.000Z', stableForHours: 12 },
      stabilityDeadline: '2026-03-04T02:00:00.000Z',
    });
  });

  it('reads the collection time on the business clock across daylight saving, and an evening collection as the evening before', async () => {
    clock.set('2026-03-06T22:00:00Z'); // Friday 17:00 EST
    const order = await create(
      specimenOrder({
        specimen: { category: 'exempt', collectionTime: '22:00', stableForHours: 24 },
        schedule: { rrule: 'FREQ=WEEKLY;BYDAY=MO', time: '07:00' },
        startsOn: '2026-03-09',
      }),
    );
    clock.set('2026-03-08T13:00:00Z'); // Sunday 09:00 EDT, the day the clocks went forward
    await bookDueOccurrences(t.app.services);
    const [monday] = await booked(order._id);
    expect(monday.requiredBy?.toISOString()).toBe('2026-03-09T11:00:00.000Z'); // Monday 07:00 EDT
    expect(monday.specimenCollectedAt?.toISOString()).toBe('2026-03-09T02:00:00.000Z'); // Sunday 22:00 EDT
    expect(monday.stabilityDeadline?.toISOString()).toBe('2026-03-10T02:00:00.000Z');
    clock.set(TEST_NOW);
  });

  it('refuses a specimen without its collection time, naming the field; the edit changes future occurrences', async () => {
    clock.set(TEST_NOW);
    const missing = await post(specimenOrder({ specimen: { category: 'UN3373', collectedAt: TEST_NOW, stableForHours: 12 } }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'specimen.collectionTime' });
    const badTime = await post(specimenOrder({ specimen: { category: 'UN3373', collectionTime: '9am', stableForHours: 12 } }));
    expect(badTime.json()).toMatchObject({ field: 'specimen.collectionTime' });
    const none = await post(specimenOrder({ specimen: undefined }));
    expect(none.json()).toMatchObject({ field: 'specimen' });

    const order = await create(specimenOrder());
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/standing-orders/${order._id}`,
      headers: await t.bearer(customer),
      payload: { specimen: { category: 'UN3373', collectionTime: '13:30', stableForHours: 6 } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.delivery.specimen).toEqual({ category: 'UN3373', collectionTime: '13:30', stableForHours: 6 });
    await bookDueOccurrences(t.app.services); // Monday 10:00: today's 16:00 run
    const [today] = await booked(order._id);
    expect(today.specimenCollectedAt?.toISOString()).toBe('2026-03-02T18:30:00.000Z');
    expect(today.stabilityDeadline?.toISOString()).toBe('2026-03-03T00:30:00.000Z');

    // No longer a specimen: its details go with it.
    const plain = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/standing-orders/${order._id}`,
      headers: await t.bearer(customer),
      payload: { packageType: 'MEDICAL_SUPPLIES' },
    });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().data.delivery).toMatchObject({ packageType: 'MEDICAL_SUPPLIES' });
    expect(plain.json().data.delivery).not.toHaveProperty('specimen');
  });

  it('books a standing order saved with one collection instant (before collection times) at that time of day', async () => {
    clock.set(TEST_NOW);
    const { specimen: _s, schedule: _sc, startsOn: _st, ...template } = specimenOrder();
    const [row] = await t.db
      .insert(standingOrders)
      .values({
        customerId: customer.id,
        template: {
          ...template,
          priority: 'routine',
          temperature: 'ambient',
          controlledSubstance: false,
          specimen: { category: 'UN3373', collectedAt: '2026-02-20T13:15:00.000Z', stableForHours: 10 },
        },
        rrule: 'FREQ=DAILY',
        time: '16:00',
        startsOn: '2026-03-02',
      })
      .returning();
    await bookDueOccurrences(t.app.services);
    const [today] = await booked(row.id);
    expect(today.specimenCollectedAt?.toISOString()).toBe('2026-03-02T13:15:00.000Z'); // 08:15 EST, as first saved
    const read = await t.app.inject({ method: 'GET', url: `/api/v1/standing-orders/${row.id}`, headers: await t.bearer(customer) });
    expect(read.json().data.delivery.specimen).toEqual({ category: 'UN3373', collectionTime: '08:15', stableForHours: 10 });
  });
});
