import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, deliveries, feedback } from '../../db/schema/index.js';
import { createDelivery, createUser } from '../../db/seed/factories.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';

describe('delivery feedback', () => {
  const clock = fixedClock('2026-03-02T20:00:00Z');
  const t = useTestApp({ clock });
  let customerId: string;
  let sent = 0;
  const submit = (orderId: string, payload: unknown, remoteAddress = `10.2.0.${++sent % 250}`) =>
    t.app.inject({ method: 'POST', url: `/api/v1/deliveries/track/${orderId}/feedback`, payload: payload as object, remoteAddress });

  beforeAll(async () => {
    customerId = (await createUser(t.db)).user.id;
  });

  it('accepts a rating and comment for a delivered order, stores it and audits it', async () => {
    const order = await createDelivery(t.db, { customerId, status: 'delivered' });
    const res = await submit(order.orderId, { rating: 5, comment: '  On time and careful.  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: 'Thank you for your feedback!' });
    const [row] = await t.db.select().from(feedback).where(eq(feedback.deliveryId, order.id));
    expect(row).toMatchObject({ rating: 5, comment: 'On time and careful.', createdAt: clock.now() });
    const [audit] = await t.db.select().from(auditEvents).where(eq(auditEvents.targetId, order.id));
    expect(audit).toMatchObject({ action: 'feedback.submitted', targetType: 'delivery', details: { rating: 5, orderId: order.orderId } });

    const details = await t.app.inject({ url: `/api/v1/deliveries/track/${order.orderId}/details`, remoteAddress: '10.3.0.1' });
    expect(details.json().data).toEqual({ orderId: order.orderId, status: 'delivered', rejected: false, feedbackSubmitted: true });
  });

  it('asks no feedback for a parcel the receiving lab rejected: tracking shows the rejection, feedback answers 409', async () => {
    const order = await createDelivery(t.db, { customerId, status: 'delivered' });
    await t.db
      .update(deliveries)
      .set({ receiptStatus: 'rejected', receiptReason: 'haemolysed', receiptReceivedBy: 'Lab desk', receiptReceivedAt: clock.now() })
      .where(eq(deliveries.id, order.id));
    const tracked = await t.app.inject({ url: `/api/v1/deliveries/track/${order.orderId}`, remoteAddress: '10.3.0.2' });
    expect(tracked.json().data).toMatchObject({ status: 'delivered', rejected: true });
    expect(JSON.stringify(tracked.json())).not.toContain('haemolysed');
    const details = await t.app.inject({ url: `/api/v1/deliveries/track/${order.orderId}/details`, remoteAddress: '10.3.0.3' });
    expect(details.json().data).toEqual({ orderId: order.orderId, status: 'delivered', rejected: true, feedbackSubmitted: false });
    const res = await submit(order.orderId, { rating: 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, message: 'Feedback is not asked for a delivery the receiving laboratory rejected' });
    expect(await t.db.select().from(feedback).where(eq(feedback.deliveryId, order.id))).toEqual([]);
  });

  it('takes the comment as optional', async () => {
    const order = await createDelivery(t.db, { customerId, status: 'delivered' });
    expect((await submit(order.orderId, { rating: 3 })).statusCode).toBe(201);
    const [row] = await t.db.select().from(feedback).where(eq(feedback.deliveryId, order.id));
    expect(row).toMatchObject({ rating: 3, comment: '' });
  });

  it('accepts feedback only once per order', async () => {
    const order = await createDelivery(t.db, { customerId, status: 'delivered' });
    expect((await submit(order.orderId, { rating: 4 })).statusCode).toBe(201);
    const again = await submit(order.orderId, { rating: 1, comment: 'changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, message: 'Feedback has already been submitted for this delivery' });
    const rows = await t.db.select().from(feedback).where(eq(feedback.deliveryId, order.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].rating).toBe(4);
  });

  it('keeps one feedback when two arrive at the same moment', async () => {
    const order = await createDelivery(t.db, { customerId, status: 'delivered' });
    const results = await Promise.all([submit(order.orderId, { rating: 5 }), submit(order.orderId, { rating: 2 })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await t.db.select().from(feedback).where(eq(feedback.deliveryId, order.id))).toHaveLength(1);
  });

  it('refuses feedback before the order is delivered, with a clear message, storing nothing', async () => {
    for (const status of ['pending', 'in_transit', 'cancelled'] as const) {
      const order = await createDelivery(t.db, { customerId, status });
      const res = await submit(order.orderId, { rating: 5 });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, message: 'Feedback can be left once the delivery is delivered' });
      expect(await t.db.select().from(feedback).where(eq(feedback.deliveryId, order.id))).toHaveLength(0);
    }
  });

  it('answers 404 for an unknown or malformed order', async () => {
    for (const orderId of ['MC0000000000', 'not-an-order']) {
      const res = await submit(orderId, { rating: 5 });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: 'Invalid tracking number' });
    }
  });

  it('requires a whole rating from 1 to 5 and a comment of at most 1000 characters', async () => {
    const order = await createDelivery(t.db, { customerId, status: 'delivered' });
    const noRating = await submit(order.orderId, { comment: 'great' });
    expect(noRating.statusCode).toBe(400);
    expect(noRating.json().message).toContain('Please select a rating before submitting');
    expect((await submit(order.orderId, { rating: 0 })).json().errors[0]).toEqual({
      field: 'rating',
      message: 'Please select a rating before submitting',
    });
    expect((await submit(order.orderId, { rating: 6 })).json().message).toBe('rating: Rating must be from 1 to 5');
    expect((await submit(order.orderId, { rating: 4.5 })).statusCode).toBe(400);
    const long = await submit(order.orderId, { rating: 4, comment: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('comment: Comment must be at most 1000 characters');
    expect(await t.db.select().from(feedback).where(eq(feedback.deliveryId, order.id))).toHaveLength(0);
    expect((await submit(order.orderId, { rating: 4, comment: 'x'.repeat(1000) })).statusCode).toBe(201);
  });

  it('throttles submissions per address: 10 a minute, then 429 with Retry-After', async () => {
    for (let i = 0; i < 10; i++) expect((await submit('MC0000000000', { rating: 5 }, '10.8.8.8')).statusCode).toBe(404);
    const blocked = await submit('MC0000000000', { rating: 5 }, '10.8.8.8');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});
