import type { TDeliveryStatus } from '@courier/contract';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customerDeliveryCounts, deliveries } from '../../db/schema/index.js';
import { createDelivery, createUser } from '../../db/seed/factories.js';
import { useTestApp } from '../../test/test-app.js';

const STATUSES: TDeliveryStatus[] = ['delivered', 'pending', 'delivered', 'cancelled', 'in_transit', 'delivered', 'approved'];

describe('my deliveries over many weeks: pages that seek and counts kept as deliveries change', () => {
  const t = useTestApp();
  let auth: { authorization: string };
  let customerId: string;
  // 31 deliveries, one every 29 hours (some weeks hold four, some five), created out of order.
  const booked: Array<{ id: string; createdAt: number; status: TDeliveryStatus }> = [];
  const list = async (query: string) => {
    const res = await t.app.inject({ url: `/api/v1/deliveries/my-deliveries?${query}`, headers: auth });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    const { user } = await createUser(t.db);
    customerId = user.id;
    auth = await t.bearer(user);
    const start = new Date('2026-01-05T10:00:00Z').getTime();
    for (const i of [...Array(31).keys()].sort((a, b) => ((a * 7) % 31) - ((b * 7) % 31))) {
      const createdAt = start + i * 29 * 3_600_000;
      const status = STATUSES[i % STATUSES.length];
      const d = await createDelivery(t.db, { customerId, status, createdAt: new Date(createdAt) });
      booked.push({ id: d.id, createdAt, status });
    }
    // Someone else's deliveries in the same weeks never shift the pages.
    const { user: other } = await createUser(t.db);
    for (let i = 0; i < 5; i++) await createDelivery(t.db, { customerId: other.id, createdAt: new Date(start + i * 50 * 3_600_000) });
  });

  const newest = (statuses?: TDeliveryStatus[]) =>
    booked
      .filter((d) => !statuses || statuses.includes(d.status))
      .sort((a, b) => b.createdAt - a.createdAt)
      .map((d) => d.id);

  it('gives every page of the newest-first list exactly the deliveries OFFSET would, across week boundaries', async () => {
    const expected = newest();
    for (const limit of [5, 10]) {
      const pages = Math.ceil(expected.length / limit);
      for (let page = 1; page <= pages; page++) {
        const body = await list(`page=${page}&limit=${limit}`);
        expect(body.deliveries.map((d: { _id: string }) => d._id)).toEqual(expected.slice((page - 1) * limit, page * limit));
        expect(body).toMatchObject({ currentPage: page, totalPages: pages, matchingDeliveries: 31, totalDeliveries: 31 });
      }
    }
  });

  it('pages the oldest-first list and a status filter the same way', async () => {
    const oldest = [...newest()].reverse();
    for (let page = 1; page <= 7; page++) {
      const body = await list(`page=${page}&limit=5&sort=oldest`);
      expect(body.deliveries.map((d: { _id: string }) => d._id)).toEqual(oldest.slice((page - 1) * 5, page * 5));
    }
    const delivered = newest(['delivered']);
    for (let page = 1; page <= 3; page++) {
      const body = await list(`page=${page}&limit=5&status=delivered`);
      expect(body.deliveries.map((d: { _id: string }) => d._id)).toEqual(delivered.slice((page - 1) * 5, page * 5));
      expect(body.matchingDeliveries).toBe(delivered.length);
    }
  });

  it('keeps the counts right as statuses change and deliveries go, in one statement or many', async () => {
    const before = await list('');
    const pending = booked.filter((d) => d.status === 'pending').map((d) => d.id);
    await t.db.update(deliveries).set({ status: 'cancelled' }).where(inArray(deliveries.id, pending));
    await t.db.update(deliveries).set({ updatedAt: new Date() }).where(eq(deliveries.customerId, customerId));
    const after = await list('');
    expect(after.pendingDeliveries).toBe(before.pendingDeliveries - pending.length);
    expect(after.cancelledDeliveries).toBe(before.cancelledDeliveries + pending.length);
    expect(after.totalDeliveries).toBe(31);

    const rows = await t.db.select().from(customerDeliveryCounts).where(eq(customerDeliveryCounts.customerId, customerId));
    const kept = rows.reduce((sum, r) => sum + r.deliveries, 0);
    expect(kept).toBe(31);
    expect(rows.every((r) => r.week.getUTCDay() === 1 && r.week.getUTCHours() === 0)).toBe(true);

    const list2 = await list('status=cancelled&limit=20');
    expect(list2.deliveries.map((d: { _id: string }) => d._id).sort()).toEqual(
      booked
        .filter((d) => d.status === 'cancelled' || d.status === 'pending')
        .map((d) => d.id)
        .sort(),
    );
  });
});
