import { DELIVERY_STATUSES, type TDeliveryStatus, ZMyDeliveriesResponse } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDelivery, createUser } from '../../db/seed/factories.js';
import { auditEvents, notifications } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { listCustodyEvents, verifyCustodyChain } from './custody.js';
import { TEST_NOW } from './delivery-test-kit.js';

type User = Awaited<ReturnType<typeof createUser>>['user'];

// Twelve deliveries for the customer, one an hour, newest last; statuses cycle through a realistic mix.
const MIX: TDeliveryStatus[] = [
  'pending',
  'pending',
  'approved',
  'assigned',
  'in_transit',
  'picked_up',
  'delivered',
  'delivered',
  'cancelled',
  'pending',
  'moving_to_pickup_location',
  'delivered',
];

describe('my deliveries, one delivery and cancelling', () => {
  const clock = fixedClock(TEST_NOW);
  const t = useTestApp({ clock });
  let customer: User;
  let other: User;
  let auth: { authorization: string };
  let otherAuth: { authorization: string };
  const mine: Array<{ id: string; orderId: string; status: TDeliveryStatus }> = [];
  let othersDeliveryId: string;
  const list = (query = '', headers = auth) => t.app.inject({ url: `/api/v1/deliveries/my-deliveries${query}`, headers });

  beforeAll(async () => {
    ({ user: customer } = await createUser(t.db));
    ({ user: other } = await createUser(t.db));
    auth = await t.bearer(customer);
    otherAuth = await t.bearer(other);
    const start = new Date('2026-02-20T12:00:00Z').getTime();
    for (const [i, status] of MIX.entries()) {
      const d = await createDelivery(t.db, {
        customerId: customer.id,
        status,
        createdAt: new Date(start + i * 3_600_000),
        requiredBy: new Date(start + (20 - i) * 86_400_000),
        recipientName: `Recipient ${i}`,
      });
      mine.push({ id: d.id, orderId: d.orderId, status });
    }
    othersDeliveryId = (await createDelivery(t.db, { customerId: other.id, createdAt: new Date(start + 99 * 3_600_000) })).id;
  });

  describe('GET /my-deliveries', () => {
    it('answers page 1 of 10, newest first, with counts over all of the caller’s deliveries', async () => {
      const res = await list();
      expect(res.statusCode).toBe(200);
      const body = ZMyDeliveriesResponse.parse(res.json());
      expect(body).toMatchObject({
        success: true,
        totalDeliveries: 12,
        activeDeliveries: 4,
        completedDeliveries: 3,
        // Not yet on its way: three awaiting approval and one approved, awaiting a driver.
        pendingDeliveries: 4,
        cancelledDeliveries: 1,
        profileActiveDeliveries: 2,
        matchingDeliveries: 12,
        currentPage: 1,
        totalPages: 2,
        limit: 10,
      });
      // The dashboard's tiles add up: every delivery is active, completed, pending or cancelled (none returned here).
      expect(body.activeDeliveries + body.completedDeliveries + body.pendingDeliveries + body.cancelledDeliveries).toBe(
        body.totalDeliveries,
      );
      expect(body.deliveries.map((d) => d._id)).toEqual(
        mine
          .map((d) => d.id)
          .reverse()
          .slice(0, 10),
      );
    });

    it('never lists another customer’s deliveries', async () => {
      const body = (await list('?limit=80')).json();
      expect(body.deliveries).toHaveLength(12);
      expect(body.deliveries.map((d: { _id: string }) => d._id)).not.toContain(othersDeliveryId);
      const theirs = (await list('', otherAuth)).json();
      expect(theirs.deliveries.map((d: { _id: string }) => d._id)).toEqual([othersDeliveryId]);
      expect(theirs.totalDeliveries).toBe(1);
    });

    it('gives the dashboard its five most recent', async () => {
      const body = (await list('?limit=5&sort=newest')).json();
      expect(body.deliveries.map((d: { recipientName: string }) => d.recipientName)).toEqual([
        'Recipient 11',
        'Recipient 10',
        'Recipient 9',
        'Recipient 8',
        'Recipient 7',
      ]);
      expect(body).toMatchObject({ totalPages: 3, limit: 5, totalDeliveries: 12 });
    });

    it('pages through with every allowed page size', async () => {
      for (const limit of [5, 10, 20, 40, 80]) {
        const seen: string[] = [];
        const first = (await list(`?limit=${limit}`)).json();
        for (let page = 1; page <= first.totalPages; page++) {
          seen.push(...(await list(`?limit=${limit}&page=${page}`)).json().deliveries.map((d: { _id: string }) => d._id));
        }
        expect(first.totalPages).toBe(Math.ceil(12 / limit));
        expect(new Set(seen).size).toBe(12);
      }
    });

    it('shows the last page for a page past the end', async () => {
      const body = (await list('?limit=5&page=99')).json();
      expect(body).toMatchObject({ currentPage: 3, totalPages: 3 });
      expect(body.deliveries).toHaveLength(2);
    });

    it.each([
      ['?limit=7', 'limit: Limit must be one of 5, 10, 20, 40, 80'],
      ['?limit=1000', 'limit: Limit must be one of 5, 10, 20, 40, 80'],
      ['?limit=ten', 'limit: Limit must be one of 5, 10, 20, 40, 80'],
      ['?page=0', 'page: Page must be a whole number from 1'],
      ['?page=-2', 'page: Page must be a whole number from 1'],
      ['?page=1.5', 'page: Page must be a whole number from 1'],
      ['?page=abc', 'page: Page must be a whole number from 1'],
      ['?status=lost', 'status: Status must be one of'],
      ['?sort=random', 'sort: Sort must be one of newest, oldest, required-by, status'],
    ])('refuses %s naming the parameter', async (query, message) => {
      const res = await list(query);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    });

    it('filters by status and by dashboard group, keeping the overall counts', async () => {
      const pending = (await list('?status=pending')).json();
      expect(pending.deliveries.map((d: { status: string }) => d.status)).toEqual(['pending', 'pending', 'pending']);
      expect(pending).toMatchObject({ matchingDeliveries: 3, totalPages: 1, totalDeliveries: 12 });
      const active = (await list('?status=active')).json();
      expect(new Set(active.deliveries.map((d: { status: string }) => d.status))).toEqual(
        new Set(['assigned', 'in_transit', 'picked_up', 'moving_to_pickup_location']),
      );
      expect((await list('?status=completed')).json().matchingDeliveries).toBe(3);
      expect((await list('?status=all')).json().matchingDeliveries).toBe(12);
      expect((await list('?status=')).json().matchingDeliveries).toBe(12);
    });

    it('sorts oldest first, by required-by, and by status in workflow order', async () => {
      const oldest = (await list('?sort=oldest&limit=20')).json().deliveries.map((d: { _id: string }) => d._id);
      expect(oldest).toEqual(mine.map((d) => d.id));
      const byRequired = (await list('?sort=required-by&limit=20')).json().deliveries.map((d: { requiredBy: string }) => d.requiredBy);
      expect(byRequired).toEqual([...byRequired].sort());
      const byStatus = (await list('?sort=status&limit=20')).json().deliveries.map((d: { status: TDeliveryStatus }) => d.status);
      const ranks = byStatus.map((s: TDeliveryStatus) => DELIVERY_STATUSES.indexOf(s));
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    });

    it('answers an empty first page for a customer with no deliveries', async () => {
      const { user } = await createUser(t.db);
      const body = (await list('', await t.bearer(user))).json();
      expect(body).toMatchObject({ deliveries: [], totalDeliveries: 0, activeDeliveries: 0, currentPage: 1, totalPages: 1 });
    });

    it('refuses a caller without a token', async () => {
      expect((await t.app.inject('/api/v1/deliveries/my-deliveries')).statusCode).toBe(401);
    });
  });

  describe('GET /deliveries/{id}', () => {
    it('answers the owner with the whole delivery, by _id or by tracking number', async () => {
      const res = await t.app.inject({ url: `/api/v1/deliveries/${mine[0].id}`, headers: auth });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        data: { _id: mine[0].id, orderId: mine[0].orderId, recipientName: 'Recipient 0' },
      });
      const byOrder = await t.app.inject({ url: `/api/v1/deliveries/${mine[0].orderId.toLowerCase()}`, headers: auth });
      expect(byOrder.json().data._id).toBe(mine[0].id);
    });

    it('answers 404 for someone else’s delivery exactly as for an unknown one', async () => {
      const theirs = await t.app.inject({ url: `/api/v1/deliveries/${othersDeliveryId}`, headers: auth });
      const unknown = await t.app.inject({ url: '/api/v1/deliveries/00000000-0000-4000-8000-000000000000', headers: auth });
      const garbage = await t.app.inject({ url: '/api/v1/deliveries/not-an-id', headers: auth });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual(unknown.json());
      expect(garbage.json()).toEqual(unknown.json());
      expect(unknown.json()).toMatchObject({ success: false, message: 'Delivery not found' });
    });
  });

  describe('POST /deliveries/{id}/cancel', () => {
    it('cancels a pending delivery with a custody event, a notice and an audit row', async () => {
      const target = mine.find((d) => d.status === 'pending')!;
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/deliveries/${target.id}/cancel`,
        headers: auth,
        payload: { reason: 'Sent by hand' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: 'Delivery cancelled', data: { _id: target.id, status: 'cancelled' } });

      const events = await listCustodyEvents(t.db, target.id);
      expect(events.map((e) => e.status)).toEqual(['pending', 'cancelled']);
      expect(events[1]).toMatchObject({ actorId: customer.id, note: 'Cancelled by the customer: Sent by hand' });
      expect(verifyCustodyChain(events).valid).toBe(true);
      const notes = await t.db.select().from(notifications).where(eq(notifications.deliveryId, target.id));
      expect(notes.map((n) => n.title)).toEqual(['Delivery cancelled']);
      const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.targetId, target.id));
      expect(audit.map((a) => a.action)).toEqual(['delivery.cancel']);
      expect((await t.sentEmails()).some((m) => m.subject === `${target.orderId}: Cancelled`)).toBe(true);
      target.status = 'cancelled';
    });

    it('answers 409 for a delivery that is no longer pending, changing nothing', async () => {
      const approved = mine.find((d) => d.status === 'approved')!;
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/deliveries/${approved.id}/cancel`, headers: auth });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, message: 'Cannot change status from approved to cancelled' });
      expect((await listCustodyEvents(t.db, approved.id)).at(-1)?.status).toBe('approved');
      const cancelled = mine.find((d) => d.status === 'cancelled')!;
      const again = await t.app.inject({ method: 'POST', url: `/api/v1/deliveries/${cancelled.id}/cancel`, headers: auth, payload: {} });
      expect(again.statusCode).toBe(409);
    });

    it('answers 404 for someone else’s delivery', async () => {
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/deliveries/${othersDeliveryId}/cancel`, headers: auth });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Delivery not found');
    });
  });
});
