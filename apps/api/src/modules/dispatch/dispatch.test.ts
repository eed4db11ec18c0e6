import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, deliveryEvents, feedback } from '../../db/schema/index.js';
import { useTestApp } from '../../test/test-app.js';
import { pdfText } from '../deliveries/delivery-test-kit.js';
import { type Crew, crew, deliveryIn } from './operations-test-kit.js';

describe('the staff console’s reads', () => {
  const t = useTestApp();
  let people: Crew;

  beforeAll(async () => {
    people = await crew(t);
  });

  const get = (url: string, who = people.STAFF) => t.app.inject({ method: 'GET', url, headers: who.auth });

  it('verifies an untouched chain of custody and names the event altered in the database', async () => {
    const d = await deliveryIn(t, 'in_transit', people.CUSTOMER.id, people.DRIVER.id);
    const clean = await get(`/api/v1/admin/deliveries/${d.id}/custody`);
    expect(clean.statusCode).toBe(200);
    expect(clean.json().data.verdict).toEqual({
      valid: true,
      brokenAtSeq: null,
      brokenEventId: null,
      message: expect.stringMatching(/verifies: 6 events/),
    });
    const events = clean.json().data.events as Array<{ _id: string; seq: number }>;
    await t.db.update(deliveryEvents).set({ locationLabel: 'Somewhere else' }).where(eq(deliveryEvents.id, events[2]._id));
    const altered = await get(`/api/v1/admin/deliveries/${d.id}/custody`);
    expect(altered.json().data.verdict).toMatchObject({ valid: false, brokenAtSeq: 3, brokenEventId: events[2]._id });
    const report = await get(`/api/v1/admin/deliveries/${d.id}/custody/report`);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toBe('application/pdf');
    const text = pdfText(report.rawPayload);
    expect(text).toContain(d.orderId);
    expect(text).toContain('does not verify');
  });

  it('names the end of a chain whose last event was removed', async () => {
    const d = await deliveryIn(t, 'approved', people.CUSTOMER.id, null);
    await t.db.delete(deliveryEvents).where(and(eq(deliveryEvents.deliveryId, d.id), eq(deliveryEvents.seq, 2)));
    const res = await get(`/api/v1/admin/deliveries/${d.id}/custody`);
    expect(res.json().data.verdict).toMatchObject({ valid: false, brokenAtSeq: 2 });
  });

  it('filters, searches, sorts and pages the board, and flags the late ones', async () => {
    const soon = new Date(Date.now() + 10 * 60_000);
    const late = await deliveryIn(t, 'approved', people.otherCustomer.id, null, {
      requiredBy: soon,
      recipientName: 'Zed Quartermaine',
      recipientPhone: '+1 (212) 555-0177',
    });
    await deliveryIn(t, 'pending', people.otherCustomer.id, null, { requiredBy: new Date(Date.now() + 48 * 3_600_000) });
    const byName = await get('/api/v1/admin/deliveries?q=quarterm');
    expect(byName.json().deliveries.map((d: { _id: string }) => d._id)).toEqual([late.id]);
    expect(byName.json().deliveries[0]).toMatchObject({ isLate: true, customer: { _id: people.otherCustomer.id } });
    const byPhone = await get('/api/v1/admin/deliveries?q=212 555 0177');
    expect(byPhone.json().deliveries).toHaveLength(1);
    const byOrder = await get(`/api/v1/admin/deliveries?q=${late.orderId.toLowerCase()}`);
    expect(byOrder.json().deliveries).toHaveLength(1);
    const open = await get('/api/v1/admin/deliveries?status=open&sort=required-by&limit=100');
    const statuses = open.json().deliveries.map((d: { status: string }) => d.status);
    expect(new Set(statuses)).toEqual(new Set(['pending', 'approved']));
    expect(open.json().deliveries[0]._id).toBe(late.id);
    const paged = await get('/api/v1/admin/deliveries?limit=1&page=2&sort=newest');
    expect(paged.json().paging).toMatchObject({ page: 2, limit: 1 });
    expect(paged.json().deliveries).toHaveLength(1);
    const byDriver = await get(`/api/v1/admin/deliveries?driverId=${people.otherDriver.id}`);
    expect(byDriver.json().deliveries).toHaveLength(0);
    const future = await get('/api/v1/admin/deliveries?from=2999-01-01');
    expect(future.json().paging.total).toBe(0);
    const bad = await get('/api/v1/admin/deliveries?sort=price');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^sort: /);
  });

  it('counts per status, late ones, deliveries today and the average rating', async () => {
    // Delivered minutes ago, so it counts as today whatever the hour (business days start at midnight in BUSINESS_TZ).
    const delivered = await deliveryIn(t, 'delivered', people.CUSTOMER.id, people.DRIVER.id, {
      createdAt: new Date(Date.now() - 10 * 60_000),
      stepMinutes: 1,
    });
    await t.db.insert(feedback).values({ deliveryId: delivered.id, rating: 4, comment: 'Quick' });
    const res = await get('/api/v1/admin/stats', people.MANAGER);
    expect(res.statusCode).toBe(200);
    const s = res.json().data;
    expect(s.byStatus.delivered).toBeGreaterThanOrEqual(1);
    expect(s.total).toBe(Object.values(s.byStatus as Record<string, number>).reduce((a, b) => a + b, 0));
    expect(s.late).toBeGreaterThanOrEqual(1);
    expect(s.deliveredToday).toBeGreaterThanOrEqual(1);
    expect(s).toMatchObject({ averageRating: 4, ratingCount: 1 });
    const fb = await get('/api/v1/admin/feedback');
    expect(fb.json().data[0]).toMatchObject({ orderId: delivered.orderId, rating: 4, comment: 'Quick' });
  });

  it('lists drivers with their load and last position', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/driver/location',
      headers: people.DRIVER.auth,
      payload: { lat: 42.36, lng: -71.06 },
    });
    const res = await get('/api/v1/admin/drivers');
    const me = res.json().data.find((d: { _id: string }) => d._id === people.DRIVER.id);
    expect(me).toMatchObject({ isActive: true, lastPosition: { label: 'Boston, MA' } });
    expect(me.activeLoad).toBeGreaterThanOrEqual(1);
    expect(res.json().data.every((d: { email: string }) => !d.email.startsWith('customer'))).toBe(true);
  });

  it('audits each staff read of a delivery and filters the audit log', async () => {
    const d = await deliveryIn(t, 'pending', people.CUSTOMER.id, null);
    expect((await get(`/api/v1/deliveries/${d.id}`)).statusCode).toBe(200);
    expect((await get(`/api/v1/admin/deliveries/${d.orderId}`)).json().data.recipientName).toBe('Jordan Lee');
    expect((await get(`/api/v1/deliveries/${d.id}`, people.CUSTOMER)).statusCode).toBe(200);
    const reads = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, d.id), eq(auditEvents.action, 'delivery.read')));
    expect(reads.map((r) => r.actorId)).toEqual([people.STAFF.id, people.STAFF.id]);
    const log = await get(`/api/v1/admin/audit?actorId=${people.STAFF.id}&action=delivery.&entity=delivery&entityId=${d.id}`, people.ADMIN);
    expect(log.json().data).toHaveLength(2);
    expect(log.json().data[0]).toMatchObject({ action: 'delivery.read', actor: { _id: people.STAFF.id }, entity: 'delivery' });
    const [{ n }] = await t.db.select({ n: sql<number>`count(*)` }).from(auditEvents);
    const none = await get('/api/v1/admin/audit?to=2000-01-01', people.ADMIN);
    expect(none.json().paging.total).toBe(0);
    expect(Number(n)).toBeGreaterThan(0);
  });

  it('lists opt-ins with the consent text and time', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/optform',
      payload: { phone: '+16175550111', company: 'Clinic', consent: { sms: true, email: false, marketing: false } },
    });
    const res = await get('/api/v1/admin/optins');
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toMatchObject({
      phone: '+16175550111',
      consent: { sms: false },
      smsStatus: 'pending',
      consentText: expect.any(String),
    });
  });
});
