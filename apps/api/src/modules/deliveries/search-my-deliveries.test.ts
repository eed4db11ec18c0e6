import { ZMyDeliveriesResponse } from '@courier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDelivery, createUser } from '../../db/seed/factories.js';
import { fixedClock } from '../../platform/clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { TEST_NOW } from './delivery-test-kit.js';

describe('searching my deliveries (q)', () => {
  let t: TestApp;
  let auth: { authorization: string };
  const mine: Record<string, { id: string; orderId: string }> = {};
  let othersOrderId: string;
  const search = async (q: string, extra = '') => {
    const res = await t.app.inject({ url: `/api/v1/deliveries/my-deliveries?q=${encodeURIComponent(q)}${extra}`, headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    return ZMyDeliveriesResponse.parse(res.json());
  };
  const idsOf = (body: { deliveries: Array<{ _id: string }> }) => body.deliveries.map((d) => d._id).sort();

  beforeAll(async () => {
    t = await createTestApp({ clock: fixedClock(TEST_NOW) });
    const { user: customer } = await createUser(t.db);
    const { user: other } = await createUser(t.db);
    auth = await t.bearer(customer);
    const at = (h: number) => new Date(Date.parse('2026-02-20T12:00:00Z') + h * 3_600_000);
    mine.pharmacy = await createDelivery(t.db, {
      customerId: customer.id,
      createdAt: at(1),
      recipientName: 'Dana Whitfield',
      recipientPhone: '+16175550123',
      deliveryAddress: '1 Kendall Sq, Cambridge, MA 02139',
    });
    mine.lab = await createDelivery(t.db, { customerId: customer.id, createdAt: at(2), status: 'delivered', recipientName: 'Omar Haddad' });
    mine.clinic = await createDelivery(t.db, { customerId: customer.id, createdAt: at(3), recipientName: 'Whitfield Clinic' });
    // Another customer's delivery matches every search below; it must never show.
    othersOrderId = (
      await createDelivery(t.db, {
        customerId: other.id,
        createdAt: at(4),
        recipientName: 'Dana Whitfield',
        recipientPhone: '+16175550123',
        deliveryAddress: '1 Kendall Sq, Cambridge, MA 02139',
      })
    ).orderId;
  });
  afterAll(() => t.close());

  it('finds a delivery by its tracking number, with or without #, in any case', async () => {
    for (const q of [mine.lab.orderId, `#${mine.lab.orderId}`, mine.lab.orderId.toLowerCase(), ` #${mine.lab.orderId.slice(2, 8)} `]) {
      const body = await search(q);
      expect(idsOf(body), q).toEqual([mine.lab.id]);
      expect(body.matchingDeliveries).toBe(1);
    }
    expect((await search(othersOrderId)).deliveries).toEqual([]);
  });

  it('finds by recipient name or phone and by address, only among the caller own deliveries', async () => {
    expect(idsOf(await search('whitfield'))).toEqual([mine.pharmacy.id, mine.clinic.id].sort());
    expect(idsOf(await search('617-555-0123'))).toEqual([mine.pharmacy.id]);
    expect(idsOf(await search('kendall sq'))).toEqual([mine.pharmacy.id]);
    expect(idsOf(await search('Fruit St'))).toHaveLength(3);
  });

  it('counts what the search matches and combines with the status filter, sort and paging', async () => {
    const body = await search('whitfield', '&status=pending&sort=oldest&limit=5');
    expect(body.deliveries.map((d) => d._id)).toEqual([mine.pharmacy.id, mine.clinic.id]);
    expect(body).toMatchObject({ totalDeliveries: 2, pendingDeliveries: 2, completedDeliveries: 0, matchingDeliveries: 2, totalPages: 1 });
    const lab = await search('haddad', '&status=pending');
    expect(lab).toMatchObject({ deliveries: [], totalDeliveries: 1, completedDeliveries: 1, matchingDeliveries: 0 });
  });

  it('takes LIKE wildcards literally and an empty search as none', async () => {
    expect((await search('%')).deliveries).toEqual([]);
    expect((await search('_')).deliveries).toEqual([]);
    expect((await search('  ')).totalDeliveries).toBe(3);
  });

  it('refuses a search longer than 100 characters, naming it', async () => {
    const res = await t.app.inject({ url: `/api/v1/deliveries/my-deliveries?q=${'a'.repeat(101)}`, headers: auth });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Search must be at most 100 characters');
  });
});
