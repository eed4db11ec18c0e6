import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { pdfText } from '../deliveries/delivery-test-kit.js';
import { clinic, newRateCard, signedIn } from './invoice-test-kit.js';

const NOW = '2026-03-02T15:00:00Z';

describe("an account's owner: invoices, their PDFs and the statement", () => {
  const t = useTestApp({ clock: fixedClock(NOW) });

  async function setting() {
    const admin = await signedIn(t, 'ADMIN');
    const card = await newRateCard(t, admin.headers);
    const mine = await clinic(t, card, 'Owner Clinic');
    const theirs = await clinic(t, card, 'Other Clinic');
    const member = await signedIn(t, 'CUSTOMER', { accountId: mine.accountId, accountRole: 'member' });
    const d1 = await mine.deliver('2026-01-10T15:00:00Z');
    await theirs.deliver('2026-01-11T15:00:00Z');
    const run = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/invoices/run',
      headers: admin.headers,
      payload: { from: '2026-01-01', to: '2026-01-31' },
    });
    const drafts = run.json().data.invoices as { _id: string; accountId: string }[];
    const mineDraft = drafts.find((i) => i.accountId === mine.accountId) as { _id: string };
    const theirDraft = drafts.find((i) => i.accountId === theirs.accountId) as { _id: string };
    return { admin, mine, theirs, member, d1, mineDraft, theirDraft };
  }

  it('sees its issued invoices (never a draft), their PDFs and its statement; nobody else does', async () => {
    const s = await setting();
    const get = (url: string, headers: Record<string, string>) => t.app.inject({ url, headers });
    // A draft is staff's business.
    expect((await get('/api/v1/invoices', s.mine.owner.headers)).json().data).toEqual([]);
    expect((await get(`/api/v1/invoices/${s.mineDraft._id}`, s.mine.owner.headers)).statusCode).toBe(404);

    const issued = (
      await t.app.inject({ method: 'POST', url: `/api/v1/admin/invoices/${s.mineDraft._id}/issue`, headers: s.admin.headers })
    ).json().data;
    await t.app.inject({ method: 'POST', url: `/api/v1/admin/invoices/${s.theirDraft._id}/issue`, headers: s.admin.headers });
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/invoices/${issued._id}/payments`,
      headers: s.admin.headers,
      payload: { amountCents: 500, receivedOn: '2026-03-02', method: 'check', reference: 'Check 88' },
    });

    const list = await get('/api/v1/invoices', s.mine.owner.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      data: [{ _id: issued._id, number: issued.number, balanceCents: s.d1.totalCents - 500 }],
      paging: { total: 1 },
    });
    const one = await get(`/api/v1/invoices/${issued._id}`, s.mine.owner.headers);
    expect(one.json().data).toMatchObject({ number: issued.number, lines: expect.any(Array), payments: [{ amountCents: 500 }] });
    const pdf = await get(`/api/v1/invoices/${issued._id}/pdf`, s.mine.owner.headers);
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload)).toContain(issued.number);

    const statement = await get('/api/v1/account/statement', s.mine.owner.headers);
    expect(statement.statusCode).toBe(200);
    expect(statement.json().data).toMatchObject({
      accountName: 'Owner Clinic',
      asOf: '2026-03-02',
      openInvoices: [{ _id: issued._id }],
      payments: [{ amountCents: 500, invoiceNumber: issued.number, method: 'check', reference: 'Check 88' }],
      balanceCents: s.d1.totalCents - 500,
    });

    // Another account's invoice is 404 on every path; a member is refused (403); staff and drivers are not customers.
    for (const url of [`/api/v1/invoices/${s.theirDraft._id}`, `/api/v1/invoices/${s.theirDraft._id}/pdf`, '/api/v1/invoices/not-an-id']) {
      expect((await get(url, s.mine.owner.headers)).statusCode).toBe(404);
    }
    expect((await get(`/api/v1/invoices/${issued._id}`, s.theirs.owner.headers)).statusCode).toBe(404);
    expect((await get('/api/v1/account/statement', s.theirs.owner.headers)).json().data.openInvoices).toEqual([
      expect.objectContaining({ _id: s.theirDraft._id }),
    ]);
    for (const url of [
      '/api/v1/invoices',
      `/api/v1/invoices/${issued._id}`,
      `/api/v1/invoices/${issued._id}/pdf`,
      '/api/v1/account/statement',
    ]) {
      const res = await get(url, s.member.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe("Only the account's owner can see its invoices and statement");
      for (const role of ['ADMIN', 'DRIVER'] as const) expect((await get(url, (await signedIn(t, role)).headers)).statusCode).toBe(403);
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
    // And customers never reach the staff paths.
    for (const url of [
      '/api/v1/admin/invoices',
      `/api/v1/admin/invoices/${issued._id}`,
      `/api/v1/admin/invoices/${issued._id}/pdf`,
      '/api/v1/admin/reports/receivables',
    ]) {
      expect((await get(url, s.mine.owner.headers)).statusCode).toBe(403);
    }
  });
});
