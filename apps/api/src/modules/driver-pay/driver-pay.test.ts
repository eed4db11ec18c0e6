import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, driverBankAccounts, payItems } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { TEST_NOW } from '../deliveries/delivery-test-kit.js';
import { type Crew, crew } from '../dispatch/operations-test-kit.js';
import { payKit, RULE } from './driver-pay-test-kit.js';

const DAY = '2026-03-02';
const hour = 3_600_000;

describe('driver pay: rules, the items each move earns, adjustments and who reads them', () => {
  const clock = fixedClock(TEST_NOW);
  const t = useTestApp({ clock });
  let people: Crew;
  const kit = payKit(t, () => people);
  const resign = async () => {
    for (const p of Object.values(people)) p.auth = await t.bearer(p);
  };

  beforeAll(async () => {
    people = await crew(t);
  });

  it('lets administrators set versioned rules; staff and managers may not change them; unknown drivers answer 404', async () => {
    const first = await kit.setRule(people.DRIVER.id, RULE);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      driverId: people.DRIVER.id,
      version: 1,
      commissionOn: ['base'],
      effectiveFrom: TEST_NOW.replace('Z', '.000Z'),
    });
    for (const who of [people.MANAGER, people.STAFF]) {
      const res = await kit.setRule(people.DRIVER.id, RULE, who);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('FORBIDDEN');
    }
    expect((await kit.setRule(people.DRIVER.id, RULE, people.DRIVER)).statusCode).toBe(403);
    expect((await kit.setRule(people.CUSTOMER.id, RULE)).statusCode).toBe(404);
    expect((await kit.setRule('not-a-uuid', RULE)).statusCode).toBe(404);
    const bad = await kit.setRule(people.DRIVER.id, { ...RULE, commissionOn: ['tips'] });
    expect(bad.statusCode).toBe(400);
    const rules = await t.app.inject({ url: `/api/v1/admin/drivers/${people.DRIVER.id}/pay-rule`, headers: people.MANAGER.auth });
    expect(rules.json().data.versions).toHaveLength(1);
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'driver_pay.rule_set'), eq(auditEvents.targetId, people.DRIVER.id)));
    expect(audit.actorId).toBe(people.ADMIN.id);
  });

  it('pays a delivered job two stops, its billable miles and the commission on the listed lines, with the arithmetic in words', async () => {
    const d = await kit.deliverPricedJob(people.DRIVER);
    const [item] = await t.db.select().from(payItems).where(eq(payItems.deliveryId, d.id));
    expect(item).toMatchObject({
      driverId: people.DRIVER.id,
      code: 'job',
      amountCents: 800 + 682 + 960,
      explanation: '2 stops x $4.00 + 12.4 mi x $0.55 + 20% of base $48.00',
      earnedOn: DAY,
      milesTenths: 124,
    });
  });

  it('pays by the rule version in force when the job completed, not when it was saved or read', async () => {
    const later = new Date(clock.now().getTime() + 2 * hour).toISOString();
    const v2 = await kit.setRule(people.DRIVER.id, {
      ...RULE,
      perStopCents: 1000,
      perMileCents: 0,
      commissionPercent: 0,
      effectiveFrom: later,
    });
    expect(v2.json().data.version).toBe(2);
    const before = await kit.deliverPricedJob(people.DRIVER);
    clock.advance(3 * hour);
    await resign();
    const after = await kit.deliverPricedJob(people.DRIVER);
    const amount = async (id: string) => (await t.db.select().from(payItems).where(eq(payItems.deliveryId, id)))[0];
    expect((await amount(before.id)).amountCents).toBe(2442);
    expect(await amount(after.id)).toMatchObject({ amountCents: 2000, explanation: '2 stops x $10.00' });
    // Back to version 1's terms for the tests that follow.
    await kit.setRule(people.DRIVER.id, RULE);
  });

  it('pays a failed drop to the driver who made it and the re-attempt to the other driver who delivers it', async () => {
    await kit.setRule(people.otherDriver.id, { ...RULE, perStopCents: 300, perMileCents: 0, commissionPercent: 0 });
    const d = await kit.failJob(people.DRIVER);
    const window = {
      from: new Date(clock.now().getTime() + hour).toISOString(),
      to: new Date(clock.now().getTime() + 3 * hour).toISOString(),
    };
    const re = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/deliveries/${d.id}/reattempt`,
      headers: people.STAFF.auth,
      payload: { driverId: people.otherDriver.id, window },
    });
    expect(re.statusCode).toBe(200);
    for (const status of ['moving_to_pickup_location', 'picked_up', 'in_transit'])
      expect((await kit.driverStatus(d.id, { status, scannedOrderId: d.orderId }, people.otherDriver)).statusCode).toBe(200);
    const { jpegWithExif } = await import('../deliveries/delivery-test-kit.js');
    const { proofForm } = await import('../dispatch/operations-test-kit.js');
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/v1/driver/deliveries/${d.id}/pod`,
      headers: people.otherDriver.auth,
      payload: proofForm({ recipientName: 'Front desk' }, { photo: await jpegWithExif() }) as never,
    });
    expect(done.statusCode).toBe(200);
    const items = await t.db.select().from(payItems).where(eq(payItems.deliveryId, d.id));
    expect(
      items
        .map((i) => ({ driverId: i.driverId, code: i.code, amountCents: i.amountCents, explanation: i.explanation }))
        .sort((a, b) => a.code.localeCompare(b.code)),
    ).toEqual([
      { driverId: people.DRIVER.id, code: 'failed_attempt', amountCents: 600, explanation: 'Failed attempt 1: $6.00 flat' },
      { driverId: people.otherDriver.id, code: 'job', amountCents: 600, explanation: '2 stops x $3.00' },
    ]);
  });

  it('pays a return to sender flat; a cancelled or merely reassigned job pays nothing', async () => {
    const d = await kit.failJob(people.DRIVER);
    const back = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/deliveries/${d.id}/return`,
      headers: people.STAFF.auth,
      payload: { note: 'Sender wants it back' },
    });
    expect(back.statusCode).toBe(200);
    const { jpegWithExif } = await import('../deliveries/delivery-test-kit.js');
    const { proofForm } = await import('../dispatch/operations-test-kit.js');
    const handBack = await t.app.inject({
      method: 'POST',
      url: `/api/v1/driver/deliveries/${d.id}/pod`,
      headers: people.DRIVER.auth,
      payload: proofForm({ recipientName: 'Sender desk' }, { photo: await jpegWithExif() }) as never,
    });
    expect(handBack.json().data.status).toBe('returned');
    const items = await t.db.select().from(payItems).where(eq(payItems.deliveryId, d.id));
    expect(items.map((i) => [i.code, i.amountCents, i.explanation])).toEqual([
      ['failed_attempt', 600, 'Failed attempt 1: $6.00 flat'],
      ['return', 500, 'Return to sender: $5.00 flat'],
    ]);

    const { deliveryIn } = await import('../dispatch/operations-test-kit.js');
    const assigned = await deliveryIn(t, 'assigned', people.CUSTOMER.id, people.DRIVER.id);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/deliveries/${assigned.id}/cancel`,
      headers: people.STAFF.auth,
      payload: { reason: 'Clinic closed' },
    });
    expect(cancel.statusCode).toBe(200);
    expect(await t.db.select().from(payItems).where(eq(payItems.deliveryId, assigned.id))).toEqual([]);
  });

  it('pays drivers without a rule of their own by the default rule', async () => {
    const { createUser } = await import('../../db/seed/factories.js');
    const { user } = await createUser(t.db, { role: 'DRIVER' });
    const newcomer = { id: user.id, roleId: user.roleId, email: user.email, role: 'DRIVER' as const, auth: await t.bearer(user) };
    const none = await kit.deliverPricedJob(newcomer);
    expect(await t.db.select().from(payItems).where(eq(payItems.deliveryId, none.id))).toEqual([]);
    expect((await kit.setRule('default', { perStopCents: 250 })).statusCode).toBe(200);
    const paid = await kit.deliverPricedJob(newcomer);
    const [item] = await t.db.select().from(payItems).where(eq(payItems.deliveryId, paid.id));
    expect(item).toMatchObject({ amountCents: 500, explanation: '2 stops x $2.50' });
  });

  it('adds signed adjustments, audited with who and when; managers and staff read items with totals but cannot adjust', async () => {
    const add = (payload: object, who = people.ADMIN) =>
      t.app.inject({ method: 'POST', url: `/api/v1/admin/drivers/${people.DRIVER.id}/pay-adjustments`, headers: who.auth, payload });
    const advance = await add({ amountCents: 2500, reason: 'Fuel advance', date: DAY });
    expect(advance.statusCode).toBe(201);
    const deduction = await add({ amountCents: -1200, reason: 'Damaged parcel', date: DAY });
    expect(deduction.json().data).toMatchObject({
      code: 'adjustment',
      amountCents: -1200,
      explanation: 'Adjustment -$12.00: Damaged parcel',
      createdBy: people.ADMIN.id,
    });
    expect((await add({ amountCents: 0, reason: 'Nothing', date: DAY })).statusCode).toBe(400);
    for (const who of [people.MANAGER, people.STAFF, people.DRIVER])
      expect((await add({ amountCents: 100, reason: 'Nope', date: DAY }, who)).statusCode).toBe(403);
    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'driver_pay.adjustment'), eq(auditEvents.targetId, people.DRIVER.id)));
    expect(audits.map((a) => [a.actorId, (a.details as { amountCents: number }).amountCents])).toEqual([
      [people.ADMIN.id, 2500],
      [people.ADMIN.id, -1200],
    ]);

    for (const who of [people.STAFF, people.MANAGER]) {
      const res = await kit.items(people.DRIVER.id, DAY, DAY, who);
      expect(res.statusCode).toBe(200);
      const { items, totals } = res.json().data;
      const gross = items
        .filter((i: { code: string }) => i.code !== 'adjustment')
        .reduce((s: number, i: { amountCents: number }) => s + i.amountCents, 0);
      expect(totals).toMatchObject({ grossCents: gross, adjustmentsCents: 1300, netCents: gross + 1300 });
      expect(totals.jobs).toBe(items.filter((i: { code: string }) => i.code === 'job').length);
    }
    expect((await kit.items(people.DRIVER.id, DAY, DAY, people.DRIVER)).statusCode).toBe(403);
    expect((await kit.items(people.DRIVER.id, '2026-03-05', DAY)).statusCode).toBe(400);
  });

  it("shows a driver their own earnings only, with no other driver's items", async () => {
    const mine = await t.app.inject({ url: `/api/v1/driver/earnings?from=${DAY}&to=${DAY}`, headers: people.DRIVER.auth });
    expect(mine.statusCode).toBe(200);
    const data = mine.json().data;
    expect(data.items.length).toBeGreaterThan(0);
    expect(data.items.every((i: { driverId: string }) => i.driverId === people.DRIVER.id)).toBe(true);
    const theirs = await t.app.inject({ url: `/api/v1/driver/earnings?from=${DAY}&to=${DAY}`, headers: people.otherDriver.auth });
    expect(theirs.json().data.items.every((i: { driverId: string }) => i.driverId === people.otherDriver.id)).toBe(true);
    expect(theirs.json().data.items.map((i: { _id: string }) => i._id)).not.toContain(data.items[0]._id);
    // No customer price beyond the commission's lines: the stat line of the job is never named.
    expect(mine.body).not.toMatch(/\bstat\b|\$20\.00|fuel/);
    expect((await t.app.inject({ url: `/api/v1/driver/earnings?from=${DAY}&to=${DAY}`, headers: people.STAFF.auth })).statusCode).toBe(403);
  });

  it('keeps bank details sealed and shows only the last four; checks the routing check digit', async () => {
    const put = (payload: object, who = people.ADMIN) =>
      t.app.inject({ method: 'PUT', url: `/api/v1/admin/drivers/${people.DRIVER.id}/bank-account`, headers: who.auth, payload });
    const bad = await put({ routingNumber: '011000016', accountNumber: '12345678', accountType: 'checking' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('routingNumber');
    expect(
      (await put({ routingNumber: '011000015', accountNumber: '000123456789', accountType: 'checking' }, people.MANAGER)).statusCode,
    ).toBe(403);
    const ok = await put({ routingNumber: '011000015', accountNumber: '000123456789', accountType: 'checking' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ routingLast4: '0015', accountLast4: '6789', accountType: 'checking' });
    expect(ok.body).not.toContain('123456789');
    const [row] = await t.db.select().from(driverBankAccounts).where(eq(driverBankAccounts.driverId, people.DRIVER.id));
    expect(row.sealed).not.toContain('123456789');
    expect(row.sealed).not.toContain('011000015');
    const audits = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'driver_pay.bank_account_set'));
    expect(JSON.stringify(audits)).not.toContain('123456789');
    const read = await t.app.inject({ url: `/api/v1/admin/drivers/${people.DRIVER.id}/bank-account`, headers: people.STAFF.auth });
    expect(read.json().data.accountLast4).toBe('6789');
  });
});
