import { QUICKBOOKS_INVOICE_HEADERS, XERO_INVOICE_HEADERS, ZErrorBody } from '@courier/contract';
import { and, eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { auditEvents, invoiceLines, outboxMessages } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { pdfText } from '../deliveries/delivery-test-kit.js';
import { clinic, newRateCard, signedIn } from './invoice-test-kit.js';
import { markOverdueInvoices } from './mark-overdue-invoices.js';

/** Monday 2026-03-02, 10:00 in New York: February is the month to bill. */
const NOW = '2026-03-02T15:00:00Z';

describe('invoices: run, review, issue, pay, credit, void', () => {
  const clock = fixedClock(NOW);
  const t = useTestApp({ clock, env: { INVOICE_REMIT_TO: 'MedCourier LLC|PO Box 1234, Boston, MA 02115|ACH 011000138 / 123456789' } });

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });

  it('runs a month once: one draft per account, a line per charge grouped by delivery; again adds nothing; managers read but do not run', async () => {
    clock.set(NOW);
    const admin = await signedIn(t, 'ADMIN');
    const card = await newRateCard(t, admin.headers);
    const harbor = await clinic(t, card, 'Harbor Clinic');
    const north = await clinic(t, card, 'North Lab');
    const a1 = await harbor.deliver('2026-02-03T15:00:00Z', {}, 'PO-7781');
    const a2 = await harbor.deliver('2026-02-20T20:00:00Z', { priority: 'stat' });
    const b1 = await north.deliver('2026-02-11T16:00:00Z');
    await north.deliver('2026-03-01T16:00:00Z'); // March: not in February's run
    // 23:30 on Feb 28 in New York is already March 1 in UTC: still February's.
    const late = await north.deliver('2026-03-01T04:30:00Z');

    const run = await call('POST', '/api/v1/admin/invoices/run', admin.headers, { from: '2026-02-01', to: '2026-02-28' });
    expect(run.statusCode).toBe(200);
    const { invoices, deliveries } = run.json().data;
    expect(deliveries).toBe(4);
    expect(invoices.map((i: { accountName: string }) => i.accountName)).toEqual(['Harbor Clinic', 'North Lab']);
    const harborDraft = invoices[0];
    expect(harborDraft).toMatchObject({
      status: 'draft',
      number: null,
      periodFrom: '2026-02-01',
      periodTo: '2026-02-28',
      subtotalCents: a1.totalCents + a2.totalCents,
    });
    expect(invoices[1].subtotalCents).toBe(b1.totalCents + late.totalCents);

    const one = await call('GET', `/api/v1/admin/invoices/${harborDraft._id}`, admin.headers);
    const lines = one.json().data.lines as {
      trackingNumber: string;
      code: string;
      reference: string | null;
      route: string;
      date: string;
      amountCents: number;
    }[];
    expect(lines.map((l) => [l.trackingNumber, l.code])).toEqual([
      ...a1.pricing.lines.map((l) => [a1.delivery.orderId, l.code]),
      ...a2.pricing.lines.map((l) => [a2.delivery.orderId, l.code]),
    ]);
    expect(lines[0]).toMatchObject({
      reference: 'PO-7781',
      date: '2026-02-03',
      route: `${a1.delivery.pickupLabel} -> ${a1.delivery.deliveryLabel}`,
    });
    expect(lines.some((l) => l.code === 'stat')).toBe(true);

    const again = await call('POST', '/api/v1/admin/invoices/run', admin.headers, { from: '2026-02-01', to: '2026-02-28' });
    expect(again.json().data).toEqual({ invoices: [], deliveries: 0 });
    // A delivery that finishes into the period after the run joins the same draft.
    const straggler = await harbor.deliver('2026-02-27T15:00:00Z');
    const third = await call('POST', '/api/v1/admin/invoices/run', admin.headers, { from: '2026-02-01', to: '2026-02-28' });
    expect(third.json().data.invoices).toEqual([
      expect.objectContaining({ _id: harborDraft._id, subtotalCents: a1.totalCents + a2.totalCents + straggler.totalCents }),
    ]);

    const manager = await signedIn(t, 'MANAGER');
    expect((await call('POST', '/api/v1/admin/invoices/run', manager.headers, { from: '2026-02-01', to: '2026-02-28' })).statusCode).toBe(
      403,
    );
    const list = await call(
      'GET',
      `/api/v1/admin/invoices?status=draft&accountId=${harbor.accountId}&from=2026-02-01&to=2026-02-28`,
      manager.headers,
    );
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ data: [{ _id: harborDraft._id }], paging: { page: 1, total: 1, totalPages: 1 } });
    const staff = await signedIn(t, 'STAFF');
    expect((await call('GET', '/api/v1/admin/invoices', staff.headers)).statusCode).toBe(403);
    const bad = await call('POST', '/api/v1/admin/invoices/run', admin.headers, { from: '2026-02-28', to: '2026-02-01' });
    expect(bad.statusCode).toBe(400);
    expect(ZErrorBody.parse(bad.json()).message).toContain('to');
    const [audit] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'invoice.run')).limit(1);
    expect(audit.details).toMatchObject({ after: { from: '2026-02-01', to: '2026-02-28' } });
  });

  it('two runs at once make one set', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const card = await newRateCard(t, admin.headers);
    const a = await clinic(t, card, 'Twin Pharmacy');
    const b = await clinic(t, card, 'Other Pharmacy');
    for (const day of ['05', '06', '07']) {
      await a.deliver(`2025-12-${day}T15:00:00Z`);
      await b.deliver(`2025-12-${day}T16:00:00Z`);
    }
    const both = await Promise.all(
      [0, 1].map(() => call('POST', '/api/v1/admin/invoices/run', admin.headers, { from: '2025-12-01', to: '2025-12-31' })),
    );
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both.map((r) => r.json().data.deliveries).sort()).toEqual([0, 6]);
    const drafts = await call('GET', '/api/v1/admin/invoices?from=2025-12-01&to=2025-12-31', admin.headers);
    expect(drafts.json().paging.total).toBe(2);
    const lines = await t.db.select({ deliveryId: invoiceLines.deliveryId }).from(invoiceLines);
    const perDelivery = new Map<string, number>();
    for (const l of lines) perDelivery.set(l.deliveryId, (perDelivery.get(l.deliveryId) ?? 0) + 1);
    expect(Math.max(...perDelivery.values())).toBeLessThanOrEqual(4); // a delivery's own charges, never twice over
  });

  it('reviews a draft (adjusted line with reason), issues it with number, dates and e-mail; pays it in parts; refuses overpayment', async () => {
    clock.set(NOW);
    const admin = await signedIn(t, 'ADMIN');
    const card = await newRateCard(t, admin.headers);
    const harbor = await clinic(t, card, 'Review Clinic', 15);
    const d = await harbor.deliver('2026-01-12T15:00:00Z');
    const run = await call('POST', '/api/v1/admin/invoices/run', admin.headers, { from: '2026-01-01', to: '2026-01-31' });
    const draft = run.json().data.invoices.find((i: { accountId: string }) => i.accountId === harbor.accountId);
    const detail = (await call('GET', `/api/v1/admin/invoices/${draft._id}`, admin.headers)).json().data;
    const base = detail.lines.find((l: { code: string }) => l.code === 'base');

    const adjusted = await call('PATCH', `/api/v1/admin/invoices/${draft._id}/lines/${base._id}`, admin.headers, {
      amountCents: base.amountCents - 500,
      reason: 'Goodwill: late pickup',
    });
    expect(adjusted.statusCode).toBe(200);
    expect(adjusted.json().data.subtotalCents).toBe(d.totalCents - 500);
    expect(adjusted.json().data.lines.find((l: { _id: string }) => l._id === base._id)).toMatchObject({
      amountCents: base.amountCents - 500,
      pricedCents: base.amountCents,
      adjustmentReason: 'Goodwill: late pickup',
    });
    const [adjustAudit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'invoice.adjust_line'), eq(auditEvents.targetId, draft._id)));
    expect(adjustAudit.details).toMatchObject({
      before: { amountCents: base.amountCents },
      after: { amountCents: base.amountCents - 500 },
    });
    expect(
      (await call('PATCH', `/api/v1/admin/invoices/${draft._id}/lines/${base._id}`, admin.headers, { amountCents: -1, reason: 'x' }))
        .statusCode,
    ).toBe(400);

    const issued = await call('POST', `/api/v1/admin/invoices/${draft._id}/issue`, admin.headers);
    expect(issued.statusCode).toBe(200);
    const inv = issued.json().data;
    expect(inv).toMatchObject({ status: 'issued', invoiceDate: '2026-03-02', dueDate: '2026-03-17', termsDays: 15 });
    expect(inv.number).toMatch(/^INV-2026-\d{6}$/);
    const [mail] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'billing@reviewclinic.test'));
    expect(mail.subject).toBe(`Invoice ${inv.number} from MedCourier`);
    expect(mail.text).toContain(`http://courier.test/account/invoices/${draft._id}`);
    expect((await call('POST', `/api/v1/admin/invoices/${draft._id}/issue`, admin.headers)).statusCode).toBe(409);
    expect(
      (await call('PATCH', `/api/v1/admin/invoices/${draft._id}/lines/${base._id}`, admin.headers, { amountCents: 1, reason: 'x' }))
        .statusCode,
    ).toBe(409);

    const pay = (amountCents: number) =>
      call('POST', `/api/v1/admin/invoices/${draft._id}/payments`, admin.headers, {
        amountCents,
        receivedOn: '2026-03-05',
        method: 'check',
        reference: 'Check 1042',
      });
    const first = await pay(1000);
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ status: 'issued', paidCents: 1000, balanceCents: inv.subtotalCents - 1000 });
    const over = await pay(inv.subtotalCents);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toContain('more than the balance');
    const rest = await pay(inv.subtotalCents - 1000);
    expect(rest.json().data).toMatchObject({
      status: 'paid',
      balanceCents: 0,
      payments: [{ amountCents: 1000 }, { amountCents: inv.subtotalCents - 1000 }],
    });
    expect((await pay(1)).statusCode).toBe(409);
    expect(
      (
        await call('POST', `/api/v1/admin/invoices/${draft._id}/payments`, admin.headers, {
          amountCents: 1.5,
          receivedOn: '2026-03-05',
          method: 'check',
        })
      ).statusCode,
    ).toBe(400);
    const manager = await signedIn(t, 'MANAGER');
    expect((await call('POST', `/api/v1/admin/invoices/${draft._id}/void`, manager.headers, { reason: 'x' })).statusCode).toBe(403);
    const [payAudit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'invoice.payment'), eq(auditEvents.targetId, draft._id)));
    expect(payAudit.details).toMatchObject({ before: { paidCents: 0 }, after: { paidCents: 1000 } });
  });

  it('credit notes are numbered and lower the balance; void keeps the number and frees the deliveries for the next run', async () => {
    clock.set(NOW);
    const admin = await signedIn(t, 'ADMIN');
    const card = await newRateCard(t, admin.headers);
    const c = await clinic(t, card, 'Credit Clinic');
    const d = await c.deliver('2025-11-10T15:00:00Z');
    const runNov = () => call('POST', '/api/v1/admin/invoices/run', admin.headers, { from: '2025-11-01', to: '2025-11-30' });
    const draft = (await runNov()).json().data.invoices.find((i: { accountId: string }) => i.accountId === c.accountId);
    const inv = (await call('POST', `/api/v1/admin/invoices/${draft._id}/issue`, admin.headers)).json().data;

    const credit = await call('POST', `/api/v1/admin/invoices/${inv._id}/credit-notes`, admin.headers, {
      amountCents: 700,
      reason: 'Damaged cooler',
    });
    expect(credit.statusCode).toBe(201);
    expect(credit.json().data).toMatchObject({
      creditedCents: 700,
      balanceCents: d.totalCents - 700,
      creditNotes: [{ amountCents: 700, reason: 'Damaged cooler', issuedOn: '2026-03-02' }],
    });
    expect(credit.json().data.creditNotes[0].number).toMatch(/^CN-2026-\d{6}$/);
    expect(
      (
        await call('POST', `/api/v1/admin/invoices/${inv._id}/credit-notes`, admin.headers, {
          amountCents: d.totalCents,
          reason: 'too much',
        })
      ).statusCode,
    ).toBe(409);
    const refused = await call('POST', `/api/v1/admin/invoices/${inv._id}/void`, admin.headers, { reason: 'Wrong account' });
    expect(refused.statusCode).toBe(409);

    // A second invoice: issued, then voided. Its number stays used; its delivery goes on the next run's draft.
    const e = await c.deliver('2025-10-10T15:00:00Z');
    const runOct = () => call('POST', '/api/v1/admin/invoices/run', admin.headers, { from: '2025-10-01', to: '2025-10-31' });
    const oct = (await runOct()).json().data.invoices.find((i: { accountId: string }) => i.accountId === c.accountId);
    const octIssued = (await call('POST', `/api/v1/admin/invoices/${oct._id}/issue`, admin.headers)).json().data;
    const voided = await call('POST', `/api/v1/admin/invoices/${oct._id}/void`, admin.headers, { reason: 'Billed to the wrong account' });
    expect(voided.json().data).toMatchObject({ status: 'void', number: octIssued.number, voidReason: 'Billed to the wrong account' });
    expect((await call('POST', `/api/v1/admin/invoices/${oct._id}/void`, admin.headers, { reason: 'again' })).statusCode).toBe(409);
    expect((await call('POST', `/api/v1/admin/invoices/${oct._id}/void`, admin.headers, {})).statusCode).toBe(400);
    const rerun = (await runOct()).json().data;
    expect(rerun.deliveries).toBe(1);
    expect(rerun.invoices[0]).toMatchObject({ status: 'draft', subtotalCents: e.totalCents });
    const next = (await call('POST', `/api/v1/admin/invoices/${rerun.invoices[0]._id}/issue`, admin.headers)).json().data;
    const seq = (n: string) => Number(n.slice(-6));
    expect(seq(next.number)).toBe(seq(octIssued.number) + 1);
    const [voidAudit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'invoice.void'), eq(auditEvents.targetId, oct._id)));
    expect(voidAudit.details).toMatchObject({ before: { status: 'issued' }, after: { status: 'void' } });

    // Credit to zero: paid.
    const zero = await call('POST', `/api/v1/admin/invoices/${inv._id}/credit-notes`, admin.headers, {
      amountCents: d.totalCents - 700,
      reason: 'Waived',
    });
    expect(zero.json().data).toMatchObject({ status: 'paid', balanceCents: 0 });
  });

  it('the daily sweep turns past-due invoices with a balance overdue; receivables age them as of a day, with CSV', async () => {
    clock.set(NOW);
    const admin = await signedIn(t, 'ADMIN');
    const card = await newRateCard(t, admin.headers);
    const c = await clinic(t, card, 'Aging Clinic', 30);
    const d = await c.deliver('2025-09-10T15:00:00Z');
    const draft = (await call('POST', '/api/v1/admin/invoices/run', admin.headers, { from: '2025-09-01', to: '2025-09-30' }))
      .json()
      .data.invoices.find((i: { accountId: string }) => i.accountId === c.accountId);
    const inv = (await call('POST', `/api/v1/admin/invoices/${draft._id}/issue`, admin.headers)).json().data;
    expect(inv.dueDate).toBe('2026-04-01');
    await markOverdueInvoices(t.app.services);
    expect((await call('GET', `/api/v1/admin/invoices/${inv._id}`, admin.headers)).json().data.status).toBe('issued');

    clock.set('2026-04-02T15:00:00Z');
    admin.headers = await t.bearer(admin.user); // signed in again: a day later the old token has expired
    expect(await markOverdueInvoices(t.app.services)).toBeGreaterThanOrEqual(1);
    expect(await markOverdueInvoices(t.app.services)).toBe(0);
    expect((await call('GET', `/api/v1/admin/invoices/${inv._id}`, admin.headers)).json().data.status).toBe('overdue');
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'invoice.overdue'), eq(auditEvents.targetId, inv._id)));
    expect(audit.details).toMatchObject({ before: { status: 'issued' }, after: { status: 'overdue' } });
    await call('POST', `/api/v1/admin/invoices/${inv._id}/payments`, admin.headers, {
      amountCents: 1000,
      receivedOn: '2026-04-02',
      method: 'ach',
      reference: 'ACH 77',
    });

    const manager = await signedIn(t, 'MANAGER');
    const at = async (asOf: string) => {
      const res = await call('GET', `/api/v1/admin/reports/receivables?asOf=${asOf}`, manager.headers);
      expect(res.statusCode).toBe(200);
      return res.json().data.accounts.find((a: { accountId: string }) => a.accountId === c.accountId);
    };
    expect(await at('2026-03-15')).toMatchObject({ current: d.totalCents, total: d.totalCents });
    expect(await at('2026-04-01')).toMatchObject({ current: d.totalCents, '1-30': 0 });
    expect(await at('2026-04-02')).toMatchObject({ current: 0, '1-30': d.totalCents - 1000, total: d.totalCents - 1000 });
    expect(await at('2026-05-15')).toMatchObject({ '31-60': d.totalCents - 1000 });
    expect(await at('2026-06-20')).toMatchObject({ '61-90': d.totalCents - 1000 });
    expect(await at('2026-07-01')).toMatchObject({ '90+': d.totalCents - 1000 });
    expect(await at('2026-03-01')).toBeUndefined(); // not yet invoiced that day

    const csv = await call('GET', '/api/v1/admin/reports/receivables/export.csv?asOf=2026-04-02', manager.headers);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = parse(csv.body) as string[][];
    expect(rows[0]).toEqual(['Account', 'current', '1-30', '31-60', '61-90', '90+', 'Total']);
    expect(rows.find((r) => r[0] === 'Aging Clinic')).toEqual([
      'Aging Clinic',
      '0.00',
      ((d.totalCents - 1000) / 100).toFixed(2),
      '0.00',
      '0.00',
      '0.00',
      ((d.totalCents - 1000) / 100).toFixed(2),
    ]);
    expect(rows.at(-1)?.[0]).toBe('Total');
    clock.set(NOW);
  });

  it('re-pricing an invoice from stored inputs and card versions matches to the cent, and names a line that does not', async () => {
    clock.set(NOW);
    const admin = await signedIn(t, 'ADMIN');
    const card = await newRateCard(t, admin.headers);
    const c = await clinic(t, card, 'Reprice Clinic');
    await c.deliver('2025-08-04T15:00:00Z', { waits: [{ stop: 'pickup', minutes: 25 }], temperature: 'refrigerated' });
    await c.deliver('2025-08-05T15:00:00Z', { priority: 'stat', miles: 2 });
    // The card changes after: the version the deliveries were priced with still prices them.
    const patched = await call('PATCH', `/api/v1/admin/rate-cards/${card}`, admin.headers, { sizeCents: { large: 900 } });
    expect(patched.json().data.version).toBe(2);
    const draft = (await call('POST', '/api/v1/admin/invoices/run', admin.headers, { from: '2025-08-01', to: '2025-08-31' }))
      .json()
      .data.invoices.find((i: { accountId: string }) => i.accountId === c.accountId);
    const same = await call('GET', `/api/v1/admin/invoices/${draft._id}/reprice`, admin.headers);
    expect(same.statusCode).toBe(200);
    expect(same.json().data).toEqual({ matches: true, differences: [] });

    const [line] = await t.db
      .select()
      .from(invoiceLines)
      .where(and(eq(invoiceLines.invoiceId, draft._id), eq(invoiceLines.code, 'size')));
    await t.db
      .update(invoiceLines)
      .set({ pricedCents: line.pricedCents + 1 })
      .where(eq(invoiceLines.id, line.id));
    const off = (await call('GET', `/api/v1/admin/invoices/${draft._id}/reprice`, admin.headers)).json().data;
    expect(off.matches).toBe(false);
    expect(off.differences).toEqual([
      expect.objectContaining({ lineId: line.id, code: 'size', invoicedCents: line.pricedCents + 1, repricedCents: line.pricedCents }),
    ]);
  });

  it('exports issued invoices in QuickBooks and Xero layouts, one row per line', async () => {
    clock.set('2026-02-10T15:00:00Z');
    const admin = await signedIn(t, 'ADMIN');
    const card = await newRateCard(t, admin.headers);
    const c = await clinic(t, card, 'Books Clinic', 30);
    const d = await c.deliver('2026-01-20T15:00:00Z', {}, 'CC-100');
    const draft = (await call('POST', '/api/v1/admin/invoices/run', admin.headers, { from: '2026-01-15', to: '2026-01-25' }))
      .json()
      .data.invoices.find((i: { accountId: string }) => i.accountId === c.accountId);
    const inv = (await call('POST', `/api/v1/admin/invoices/${draft._id}/issue`, admin.headers)).json().data;
    clock.set(NOW);
    admin.headers = await t.bearer(admin.user);

    const qb = await call('GET', '/api/v1/admin/invoices/export.csv?from=2026-02-10&to=2026-02-10&format=quickbooks', admin.headers);
    expect(qb.statusCode).toBe(200);
    const qbRows = parse(qb.body) as string[][];
    expect(qbRows[0]).toEqual([...QUICKBOOKS_INVOICE_HEADERS]);
    const mine = qbRows.filter((r) => r[0] === inv.number);
    expect(mine).toHaveLength(d.pricing.lines.length);
    expect(mine[0]).toEqual([
      inv.number,
      'Books Clinic',
      '02/10/2026',
      '03/12/2026',
      'Net 30',
      '01/20/2026',
      'Delivery',
      d.pricing.lines[0].description,
      '1',
      (d.pricing.lines[0].amountCents / 100).toFixed(2),
      (d.pricing.lines[0].amountCents / 100).toFixed(2),
      expect.stringContaining('PO CC-100'),
    ]);
    expect(mine.map((r) => r[6])).toContain('Fuel surcharge');

    const xero = await call('GET', '/api/v1/admin/invoices/export.csv?from=2026-02-10&to=2026-02-10&format=xero', admin.headers);
    const xRows = parse(xero.body) as string[][];
    expect(xRows[0]).toEqual([...XERO_INVOICE_HEADERS]);
    const x = xRows.filter((r) => r[2] === inv.number);
    expect(x).toHaveLength(d.pricing.lines.length);
    expect(x[0]).toEqual([
      'Books Clinic',
      'billing@booksclinic.test',
      inv.number,
      'CC-100',
      '02/10/2026',
      '03/12/2026',
      expect.stringContaining('Delivery: '),
      '1',
      (d.pricing.lines[0].amountCents / 100).toFixed(2),
      '200',
      'Tax Exempt',
      'USD',
    ]);
    const total = x.reduce((s, r) => s + Math.round(Number(r[8]) * 100), 0);
    expect(total).toBe(inv.subtotalCents);
    expect(
      (await call('GET', '/api/v1/admin/invoices/export.csv?from=2026-02-10&to=2026-02-10&format=sage', admin.headers)).statusCode,
    ).toBe(400);
  });

  it('the PDF shows lines, terms, remit-to and page totals that add up to the subtotal', async () => {
    clock.set(NOW);
    const admin = await signedIn(t, 'ADMIN');
    const card = await newRateCard(t, admin.headers);
    const c = await clinic(t, card, 'Paper Clinic', 45);
    let total = 0;
    for (let day = 1; day <= 28; day++)
      total += (await c.deliver(`2025-07-${String(day).padStart(2, '0')}T15:00:00Z`, {}, `PO-${day}`)).totalCents;
    const draft = (await call('POST', '/api/v1/admin/invoices/run', admin.headers, { from: '2025-07-01', to: '2025-07-31' }))
      .json()
      .data.invoices.find((i: { accountId: string }) => i.accountId === c.accountId);
    const inv = (await call('POST', `/api/v1/admin/invoices/${draft._id}/issue`, admin.headers)).json().data;
    const res = await call('GET', `/api/v1/admin/invoices/${inv._id}/pdf`, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    for (const s of [
      inv.number,
      'Paper Clinic',
      'Net 45',
      'REMIT TO',
      'PO Box 1234, Boston, MA 02115',
      'ACH 011000138 / 123456789',
      'PO PO-17',
      'Balance due',
    ]) {
      expect(text).toContain(s);
    }
    const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    // Several pages, each with its page total; the last "to date" figure is the subtotal.
    const pageTotals = [...text.matchAll(/Page total \$([\d,]+\.\d\d), brought forward/g)];
    expect(pageTotals.length).toBeGreaterThanOrEqual(1);
    expect(text).toContain(dollars(total));
    expect(inv.subtotalCents).toBe(total);
  });
});
