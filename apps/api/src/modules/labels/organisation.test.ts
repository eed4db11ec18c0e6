import { ZAdminDeliveriesResponse, ZAdminDeliveryResponse } from '@courier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDelivery, createUser } from '../../db/seed/factories.js';
import { fixedClock } from '../../platform/clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { pdfText, TEST_NOW } from '../deliveries/delivery-test-kit.js';

describe('the customer organisation', () => {
  let t: TestApp;
  let auth: { authorization: string };
  let staffAuth: { authorization: string };
  let customerId: string;
  const profile = (organisation: unknown) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/v1/auth/profile',
      headers: auth,
      payload: { firstName: 'Priya', lastName: 'Shah', phone: '+16175550111', organisation },
    });

  beforeAll(async () => {
    t = await createTestApp({ clock: fixedClock(TEST_NOW) });
    const { user } = await createUser(t.db, { firstName: 'Priya', lastName: 'Shah' });
    customerId = user.id;
    auth = await t.bearer(user);
    staffAuth = await t.bearer((await createUser(t.db, { role: 'STAFF' })).user);
  });
  afterAll(() => t.close());

  it('is set in the profile, trimmed and bounded, and kept when a profile change leaves it out', async () => {
    expect((await profile('x'.repeat(121))).json().message).toContain('Organisation must be at most 120 characters');
    const res = await profile('  Mercy Clinical Lab  ');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.organisation).toBe('Mercy Clinical Lab');
    const kept = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/auth/profile',
      headers: auth,
      payload: { firstName: 'Priya', lastName: 'Shah', phone: '+16175550111' },
    });
    expect(kept.json().data.organisation).toBe('Mercy Clinical Lab');
  });

  it('is printed on the label FROM line above the person', async () => {
    const d = await createDelivery(t.db, { customerId });
    const { pdfUrl } = (await t.app.inject({ url: `/api/v1/deliveries/${d.id}/label`, headers: auth })).json().data;
    const text = pdfText((await t.app.inject(pdfUrl)).rawPayload);
    const from = text.indexOf('FROM');
    expect(text.indexOf('Mercy Clinical Lab')).toBeGreaterThan(from);
    expect(text.indexOf('Priya Shah')).toBeGreaterThan(text.indexOf('Mercy Clinical Lab'));
  });

  it('shares the first page with STAT, in the header box, before the parties; the service stays on the package line', async () => {
    const d = await createDelivery(t.db, { customerId, deliveryType: 'SAME_DAY', handling: { priority: 'stat' } });
    const { pdfUrl } = (await t.app.inject({ url: `/api/v1/deliveries/${d.id}/label`, headers: auth })).json().data;
    const text = pdfText((await t.app.inject(pdfUrl)).rawPayload);
    // The first page ends where the handling page begins.
    const first = text.slice(0, text.indexOf(`${d.orderId}  HANDLING`));
    expect(first.indexOf('STAT')).toBeGreaterThan(-1);
    expect(first.indexOf('STAT')).toBeLessThan(first.indexOf('FROM'));
    expect(first.indexOf('Mercy Clinical Lab')).toBeGreaterThan(first.indexOf('FROM'));
    expect(first).toContain('Priya Shah');
    expect(first).toMatch(/\| {2}Same Day/i);
    const routine = await createDelivery(t.db, { customerId });
    const plain = (await t.app.inject({ url: `/api/v1/deliveries/${routine.id}/label`, headers: auth })).json().data;
    expect(pdfText((await t.app.inject(plain.pdfUrl)).rawPayload)).not.toContain('STAT');
  });

  it('is shown to staff beside the customer on the board and the delivery', async () => {
    const d = await createDelivery(t.db, { customerId });
    const one = ZAdminDeliveryResponse.parse(
      (await t.app.inject({ url: `/api/v1/admin/deliveries/${d.id}`, headers: staffAuth })).json(),
    ).data;
    expect(one.customer).toMatchObject({ name: 'Priya Shah', organisation: 'Mercy Clinical Lab' });
    const board = ZAdminDeliveriesResponse.parse((await t.app.inject({ url: '/api/v1/admin/deliveries', headers: staffAuth })).json());
    expect(board.deliveries.find((x) => x._id === d.id)?.customer.organisation).toBe('Mercy Clinical Lab');
  });
});
