import { PAYROLL_NOT_CONFIGURED } from '@courier/contract';
import nacha from '@midlandsbank/node-nacha';
import { eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, payItems, settlements } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { pdfText, TEST_NOW } from '../deliveries/delivery-test-kit.js';
import { type Crew, crew } from '../dispatch/operations-test-kit.js';
import { payKit, RULE } from './driver-pay-test-kit.js';
import { exportSettlementsNacha } from './export-settlements-nacha.js';

const WEEK = { from: '2026-03-02', to: '2026-03-08' };
const PAYROLL = {
  PAYROLL_COMPANY_NAME: 'MedCourier',
  PAYROLL_COMPANY_ID: '1234567890',
  PAYROLL_ROUTING_NUMBER: '021000021',
  PAYROLL_ACCOUNT_NUMBER: '987654321',
};

interface ParsedAch {
  file: { footer: { batchCount: number; entryAndAddendaCount: number; entryHash: number; totalDebit: number; totalCredit: number } };
  batches: {
    entryClassCode: string;
    serviceClassCode: number;
    companyName: string;
    entries: {
      transactionCode: string;
      receivingDFIIdentification: number;
      checkDigit: number;
      dfiAccount: string;
      amount: number;
      receivingCompanyName: string;
    }[];
    footer: { entryHash: number; totalCredit: number; totalDebit: number; entryAndAddendaCount: number };
  }[];
}

describe('settlements: the run, approval, payment, the statement and the payroll files', () => {
  const clock = fixedClock(TEST_NOW);
  const t = useTestApp({ clock, env: PAYROLL });
  let people: Crew;
  const kit = payKit(t, () => people);
  const run = (period = WEEK, who = people.ADMIN) =>
    t.app.inject({ method: 'POST', url: '/api/v1/admin/settlements/run', headers: who.auth, payload: period });
  const post = (path: string, payload: object = {}, who = people.ADMIN) =>
    t.app.inject({ method: 'POST', url: `/api/v1/admin/settlements/${path}`, headers: who.auth, payload });

  beforeAll(async () => {
    people = await crew(t);
    await kit.setRule(people.DRIVER.id, RULE);
    await kit.setRule(people.otherDriver.id, { ...RULE, perStopCents: 300, perMileCents: 0, commissionPercent: 0 });
    await kit.deliverPricedJob(people.DRIVER);
    await kit.deliverPricedJob(people.DRIVER);
    await kit.failJob(people.DRIVER);
    await kit.deliverPricedJob(people.otherDriver);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/drivers/${people.DRIVER.id}/pay-adjustments`,
      headers: people.ADMIN.auth,
      payload: { amountCents: -1000, reason: 'Damaged parcel', date: '2026-03-04' },
    });
    for (const [who, routingNumber, accountNumber, accountType] of [
      [people.DRIVER, '011000015', '000123456789', 'checking'],
      [people.otherDriver, '121000358', '44556677', 'savings'],
    ] as const) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/drivers/${who.id}/bank-account`,
        headers: people.ADMIN.auth,
        payload: { routingNumber, accountNumber, accountType },
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('answers a clear error for the NACHA file while PAYROLL_* is unset', async () => {
    const services = t.app.services;
    const unset = { ...services, env: { ...services.env, PAYROLL_COMPANY_NAME: undefined } };
    await expect(exportSettlementsNacha(unset, people.ADMIN, WEEK)).rejects.toThrow(PAYROLL_NOT_CONFIGURED);
  });

  it('drafts one settlement per driver; running again, or twice at once, settles nothing twice', async () => {
    expect((await run(WEEK, people.MANAGER)).statusCode).toBe(403);
    const [a, b] = await Promise.all([run(), run()]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const created = [...a.json().data.created, ...b.json().data.created];
    expect(created).toHaveLength(2);
    const mine = created.find((s: { driverId: string }) => s.driverId === people.DRIVER.id);
    // Two jobs of 24.42, a failed drop of 6.00, an adjustment of -10.00.
    expect(mine).toMatchObject({
      status: 'draft',
      jobs: 2,
      milesTenths: 248,
      grossCents: 2 * 2442 + 600,
      adjustmentsCents: -1000,
      netCents: 4484,
      itemCount: 4,
    });
    const other = created.find((s: { driverId: string }) => s.driverId === people.otherDriver.id);
    expect(other).toMatchObject({ jobs: 1, grossCents: 600, netCents: 600 });
    expect(await t.db.select().from(payItems).where(isNull(payItems.settlementId))).toEqual([]);
    const again = await run();
    expect(again.json()).toMatchObject({ message: 'Nothing to settle in this period', data: { created: [] } });
    expect(await t.db.select().from(settlements)).toHaveLength(2);

    // A late adjustment is settled on its own by the next run.
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/drivers/${people.otherDriver.id}/pay-adjustments`,
      headers: people.ADMIN.auth,
      payload: { amountCents: 700, reason: 'Parking', date: '2026-03-05' },
    });
    const late = await run();
    expect(late.json().data.created).toEqual([expect.objectContaining({ driverId: people.otherDriver.id, itemCount: 1, netCents: 700 })]);
  });

  it('lists and reads settlements for staff; a driver reads only their own statement', async () => {
    const list = await t.app.inject({
      url: `/api/v1/admin/settlements?status=draft&driverId=${people.DRIVER.id}`,
      headers: people.STAFF.auth,
    });
    expect(list.statusCode).toBe(200);
    const [s] = list.json().data;
    const one = await t.app.inject({ url: `/api/v1/admin/settlements/${s._id}`, headers: people.MANAGER.auth });
    expect(
      one
        .json()
        .data.items.map((i: { code: string }) => i.code)
        .sort(),
    ).toEqual(['adjustment', 'failed_attempt', 'job', 'job']);
    expect((await t.app.inject({ url: `/api/v1/driver/settlements/${s._id}/pdf`, headers: people.otherDriver.auth })).statusCode).toBe(404);
    const own = await t.app.inject({ url: `/api/v1/driver/settlements/${s._id}/pdf`, headers: people.DRIVER.auth });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    const text = pdfText(own.rawPayload);
    expect(text).toContain('Pay statement');
    expect(text).toContain('2 stops x $4.00 + 12.4 mi x $0.55 + 20% of base $48.00');
    expect(text).toContain('Net pay: $44.84');
    const earnings = await t.app.inject({ url: `/api/v1/driver/earnings?from=${WEEK.from}&to=${WEEK.to}`, headers: people.DRIVER.auth });
    expect(earnings.json().data.statements.map((x: { _id: string }) => x._id)).toEqual([s._id]);
  });

  it('approves drafts and marks approved ones paid, each once, audited', async () => {
    const all = (await t.app.inject({ url: '/api/v1/admin/settlements', headers: people.ADMIN.auth })).json().data as { _id: string }[];
    expect((await post(`${all[0]._id}/paid`, { paidOn: '2026-03-10', reference: 'ACH-1' })).statusCode).toBe(409);
    expect((await post(`${all[0]._id}/approve`, {}, people.MANAGER)).statusCode).toBe(403);
    for (const s of all) expect((await post(`${s._id}/approve`)).statusCode).toBe(200);
    const twice = await post(`${all[0]._id}/approve`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Only a draft settlement can be approved');
    const paid = await post(`${all[0]._id}/paid`, { paidOn: '2026-03-10', reference: 'ACH-1' });
    expect(paid.json().data).toMatchObject({ status: 'paid', paidOn: '2026-03-10', paidReference: 'ACH-1' });
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.targetId, all[0]._id));
    expect(audit.map((a) => a.action)).toEqual(['driver_pay.settlement_approved', 'driver_pay.settlement_paid']);
    // Put it back to approved for the export below.
    await t.db.update(settlements).set({ status: 'approved', paidOn: null, paidReference: null }).where(eq(settlements.id, all[0]._id));
  });

  it('exports one CSV row per driver, without bank details', async () => {
    const res = await t.app.inject({
      url: `/api/v1/admin/settlements/export.csv?from=${WEEK.from}&to=${WEEK.to}`,
      headers: people.STAFF.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const rows = res.body.trim().split('\r\n');
    expect(rows[0]).toBe('Driver,Driver id,Period,Jobs,Miles,Gross,Adjustments,Net');
    expect(rows).toHaveLength(3);
    const mine = rows.find((r) => r.includes(people.DRIVER.id))!;
    expect(mine).toMatch(/,2026-03-02 to 2026-03-08,2,24\.8,54\.84,-10\.00,44\.84$/);
    const other = rows.find((r) => r.includes(people.otherDriver.id))!;
    expect(other, other).toMatch(/,1,12\.4,6\.00,7\.00,13\.00$/);
    expect(res.body).not.toMatch(/123456789|44556677|6789/);
  });

  it('writes a NACHA PPD credit file of the approved settlements that a NACHA reader parses back with the right totals and hash', async () => {
    const res = await t.app.inject({
      url: `/api/v1/admin/settlements/export.csv?from=${WEEK.from}&to=${WEEK.to}&format=nacha`,
      headers: people.ADMIN.auth,
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body.split(/\r?\n/).filter(Boolean);
    expect(lines.map((l) => l.length)).toEqual(lines.map(() => 94));
    expect(lines.length % 10).toBe(0);
    const parsed = nacha.from(res.body).data as ParsedAch;
    expect(parsed.batches).toHaveLength(1);
    const [batch] = parsed.batches;
    expect(batch).toMatchObject({ entryClassCode: 'PPD', serviceClassCode: 220, companyName: 'MedCourier' });
    const byAccount = Object.fromEntries(batch.entries.map((e) => [e.dfiAccount, e]));
    expect(byAccount['000123456789']).toMatchObject({
      transactionCode: '22',
      receivingDFIIdentification: 1100001,
      checkDigit: 5,
      amount: 4484,
    });
    expect(byAccount['44556677']).toMatchObject({
      transactionCode: '32',
      receivingDFIIdentification: 12100035,
      checkDigit: 8,
      amount: 1300,
    });
    const hash = (1100001 + 12100035) % 10_000_000_000;
    expect(batch.footer).toMatchObject({ entryAndAddendaCount: 2, entryHash: hash, totalCredit: 4484 + 1300, totalDebit: 0 });
    expect(parsed.file.footer).toMatchObject({ batchCount: 1, entryAndAddendaCount: 2, entryHash: hash, totalCredit: 5784, totalDebit: 0 });
    // Staff below administrator never get the account numbers.
    expect(
      (
        await t.app.inject({
          url: `/api/v1/admin/settlements/export.csv?from=${WEEK.from}&to=${WEEK.to}&format=nacha`,
          headers: people.MANAGER.auth,
        })
      ).statusCode,
    ).toBe(403);
  });
});
