import { DISCREPANCY_RESOLUTION_REQUIRED } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, discrepancies, notifications } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { pdfText } from '../deliveries/delivery-test-kit.js';
import { type Crew, crew, deliveryIn } from '../dispatch/operations-test-kit.js';
import { openDiscrepancies } from './open-discrepancies.js';

const HOUR = 3_600_000;

describe('discrepancy cases', () => {
  const clock = fixedClock(new Date('2026-03-02T15:00:00Z'));
  const t = useTestApp({ clock });
  let people: Crew;

  beforeAll(async () => {
    people = await crew(t);
  });

  const get = (url: string, who = people.STAFF) => t.app.inject({ method: 'GET', url, headers: who.auth });
  const patch = (id: string, payload: object, who = people.STAFF) =>
    t.app.inject({ method: 'PATCH', url: `/api/v1/admin/discrepancies/${id}`, headers: who.auth, payload });
  const reject = (id: string, reason: string, comment?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/deliveries/${id}/receipt`,
      headers: people.STAFF.auth,
      payload: { status: 'rejected', reason, receivedBy: 'Lab tech', ...(comment ? { comment } : {}) },
    });
  const casesOf = async (deliveryId: string) => t.db.select().from(discrepancies).where(eq(discrepancies.deliveryId, deliveryId));
  /** The outbox sends in batches: drain until nothing more goes out. */
  const allSent = async () => {
    for (let before = -1; before !== t.mailer.sent.length; ) {
      before = t.mailer.sent.length;
      await t.sentEmails();
    }
    return t.mailer.sent;
  };

  it("opens a case for today's one-parcel rejection, due 24 hours later, on every delivery answer for owner and staff", async () => {
    const d = await deliveryIn(t, 'delivered', people.CUSTOMER.id, people.DRIVER.id);
    expect((await reject(d.id, 'leaking')).statusCode).toBe(200);
    const [c] = await casesOf(d.id);
    expect(c).toMatchObject({ kind: 'rejected', status: 'open', reason: 'leaking', accountId: d.accountId, driverId: people.DRIVER.id });
    expect(c.dueAt.getTime() - c.openedAt.getTime()).toBe(24 * HOUR);
    const summary = [{ id: c.id, kind: 'rejected', status: 'open', openedAt: c.openedAt.toISOString() }];
    const owner = await get(`/api/v1/deliveries/${d.id}`, people.CUSTOMER);
    expect(owner.json().data.discrepancies).toEqual(summary);
    const staff = await get(`/api/v1/admin/deliveries/${d.id}`);
    expect(staff.json().data.discrepancies).toEqual(summary);
    const mine = await get('/api/v1/deliveries/my-deliveries?status=all', people.CUSTOMER);
    expect(JSON.stringify(mine.json())).toContain(c.id);

    const temperature = await deliveryIn(t, 'delivered', people.CUSTOMER.id, people.DRIVER.id);
    await reject(temperature.id, 'temperature');
    expect((await casesOf(temperature.id))[0].kind).toBe('temperature');
  });

  it('works a case: open -> investigating -> resolved with a resolution, never back; assignment to staff only; a timeline of notes', async () => {
    const d = await deliveryIn(t, 'delivered', people.CUSTOMER.id, people.DRIVER.id);
    await reject(d.id, 'damaged');
    const [c] = await casesOf(d.id);

    const assigned = await patch(c.id, { assigneeId: people.MANAGER.id });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().data.assignee).toMatchObject({ _id: people.MANAGER.id });
    expect((await patch(c.id, { assigneeId: people.CUSTOMER.id })).statusCode).toBe(400);
    expect((await patch(c.id, { assigneeId: 'not-an-id' })).statusCode).toBe(400);

    expect((await patch(c.id, { status: 'investigating' })).json().data.status).toBe('investigating');
    const noText = await patch(c.id, { status: 'resolved' });
    expect(noText.statusCode).toBe(400);
    expect(noText.json().message).toContain(DISCREPANCY_RESOLUTION_REQUIRED);
    const note = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/discrepancies/${c.id}/notes`,
      headers: people.STAFF.auth,
      payload: { text: 'Called the lab: box crushed on arrival.' },
    });
    expect(note.statusCode).toBe(200);
    const resolved = await patch(c.id, { status: 'resolved', resolution: 'Re-collected at the clinic; credit issued.' });
    expect(resolved.json().data).toMatchObject({ status: 'resolved', resolution: 'Re-collected at the clinic; credit issued.' });
    expect((await patch(c.id, { status: 'investigating' })).statusCode).toBe(409);

    const one = await get(`/api/v1/admin/discrepancies/${c.id}`);
    expect(one.json().data.timeline.map((e: { kind: string }) => e.kind)).toEqual(['opened', 'assigned', 'status', 'note', 'status']);
    expect(one.json().data.timeline[3]).toMatchObject({
      text: 'Called the lab: box crushed on arrival.',
      author: { _id: people.STAFF.id },
    });
    const audited = await t.db.select().from(auditEvents).where(eq(auditEvents.targetId, c.id));
    expect(audited.map((a) => a.action)).toEqual(expect.arrayContaining(['discrepancy.open', 'discrepancy.update', 'discrepancy.note']));
    expect((await get(`/api/v1/admin/discrepancies/${crypto.randomUUID()}`)).statusCode).toBe(404);
  });

  it('lists cases paged with status, kind, account and date filters, as CSV too; staff only', async () => {
    const d = await deliveryIn(t, 'delivered', people.otherCustomer.id, people.DRIVER.id);
    await reject(d.id, 'wrong_tube');
    const [c] = await casesOf(d.id);
    const all = await get('/api/v1/admin/discrepancies?limit=2');
    expect(all.statusCode).toBe(200);
    expect(all.json().paging).toMatchObject({ page: 1, limit: 2 });
    expect(all.json().paging.total).toBeGreaterThanOrEqual(3);
    const byAccount = await get(`/api/v1/admin/discrepancies?accountId=${d.accountId}`);
    expect(byAccount.json().data.map((x: { _id: string }) => x._id)).toEqual([c.id]);
    expect(byAccount.json().data[0]).toMatchObject({ kind: 'rejected', delivery: { orderId: d.orderId }, overdue: false });
    expect(
      (await get('/api/v1/admin/discrepancies?kind=temperature')).json().data.every((x: { kind: string }) => x.kind === 'temperature'),
    ).toBe(true);
    expect((await get('/api/v1/admin/discrepancies?status=resolved')).json().data.length).toBe(1);
    expect((await get('/api/v1/admin/discrepancies?from=2030-01-01')).json().data).toEqual([]);
    expect((await get('/api/v1/admin/discrepancies?to=2020-01-01')).json().data).toEqual([]);
    expect((await get('/api/v1/admin/discrepancies?kind=lost')).statusCode).toBe(400);
    const csv = await get(`/api/v1/admin/discrepancies/export.csv?accountId=${d.accountId}`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(d.orderId);
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(2);

    for (const who of [people.CUSTOMER, people.DRIVER]) {
      expect((await get('/api/v1/admin/discrepancies', who)).statusCode).toBe(403);
      expect((await get(`/api/v1/admin/discrepancies/${c.id}`, who)).statusCode).toBe(403);
      expect((await patch(c.id, { status: 'investigating' }, who)).statusCode).toBe(403);
    }
    // The other customer's case shows on their delivery only.
    const mine = await get(`/api/v1/deliveries/${d.id}`, people.CUSTOMER);
    expect(mine.statusCode).toBe(404);
  });

  it('marks a case overdue 24 hours after it opened', async () => {
    const d = await deliveryIn(t, 'delivered', people.CUSTOMER.id, people.DRIVER.id);
    await reject(d.id, 'unlabelled');
    const [c] = await casesOf(d.id);
    clock.advance(25 * HOUR);
    try {
      const staff = { ...people.STAFF, auth: await t.bearer(people.STAFF) };
      const one = await get(`/api/v1/admin/discrepancies/${c.id}`, staff);
      expect(one.json().data.overdue).toBe(true);
      const report = await get('/api/v1/admin/reports/deliveries?groupBy=driver&from=2026-01-01&to=2026-12-31', staff);
      expect(report.statusCode).toBe(200);
      const driverRow = report.json().data.rows.find((r: { key: string }) => r.key === people.DRIVER.id);
      expect(driverRow.withDiscrepancy).toBeGreaterThanOrEqual(1);
      expect(driverRow.discrepancyRate).toBeGreaterThan(0);
      expect(driverRow.overdueCases).toBeGreaterThanOrEqual(1);
      const byCustomer = await get('/api/v1/admin/reports/deliveries?groupBy=customer&from=2026-01-01&to=2026-12-31', staff);
      expect(byCustomer.json().data.rows.find((r: { key: string }) => r.key === people.CUSTOMER.id).withDiscrepancy).toBeGreaterThanOrEqual(
        1,
      );
    } finally {
      clock.advance(-25 * HOUR);
    }
  });

  it('a controlled count that changed: dispatch bell at once, owner and administrators by e-mail, a loss report PDF', async () => {
    const d = await deliveryIn(t, 'delivered', people.CUSTOMER.id, people.DRIVER.id);
    const before = (await allSent()).length;
    const now = clock.now();
    const [c] = await t.db.transaction(async (tx) =>
      openDiscrepancies(
        tx,
        t.app.services,
        [
          {
            kind: 'controlled_count',
            deliveryId: d.id,
            barcode: `${d.orderId}-01`,
            detail: 'Counted 28 tablets at the lab; 30 were handed over.',
            expectedQuantity: 30,
            countedQuantity: 28,
            unit: 'tablets',
          },
        ],
        { actorId: null },
        now,
      ),
    );
    const bell = await t.db.select().from(notifications).where(eq(notifications.userId, people.STAFF.id));
    expect(bell.some((n) => n.title.includes('Controlled-substance count differs'))).toBe(true);
    const sent = (await allSent()).slice(before);
    expect(sent.map((m) => m.to)).toEqual(expect.arrayContaining([people.CUSTOMER.email, people.ADMIN.email, people.SUPER_ADMIN.email]));
    expect(sent.find((m) => m.to === people.ADMIN.email)?.text).toContain(`/admin/discrepancies/${c.id}`);

    const pdf = await get(`/api/v1/admin/discrepancies/${c.id}/loss-report.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    for (const words of [
      'Controlled substance loss report',
      `${d.orderId}-01`,
      '30 tablets',
      '28 tablets',
      '2 tablets',
      'Custody path',
      'Who held it last',
      'DRIVER',
    ])
      expect(text).toContain(words);
    const other = (await casesOf((await deliveryIn(t, 'delivered', people.CUSTOMER.id, people.DRIVER.id)).id))[0];
    expect(other).toBeUndefined();
    const [rejected] = await t.db.select().from(discrepancies).where(eq(discrepancies.kind, 'rejected')).limit(1);
    expect((await get(`/api/v1/admin/discrepancies/${rejected.id}/loss-report.pdf`)).statusCode).toBe(409);
    expect((await get(`/api/v1/admin/discrepancies/${c.id}/loss-report.pdf`, people.CUSTOMER)).statusCode).toBe(403);
  });
});
