import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from '../fixtures/accessibility.js';
import { loginViaApi } from '../fixtures/api-helpers.js';
import { expect, test } from '../fixtures/index.js';
import { toast } from './support/accounts.js';
import { desktop, personaPage, phone, screenshotsTo } from './support/personas.js';

/**
 * Month end: staff open a clinic's account through the form; a customer's priced deliveries are delivered; staff
 * run the period, review the draft and issue it (the billing e-mail carries the PDF); the account's owner opens
 * the invoice PDF and the statement; staff record a check, then the rest; receivables age what is left and clear
 * once paid; the month goes to QuickBooks and Xero. The price shown on the booking form is pricing.spec.ts's.
 */

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const businessDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(d);
const shot = screenshotsTo(process.env.SHOTS_DIR);
const signaturePng = () =>
  sharp({ create: { width: 40, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } } })
    .png()
    .toBuffer();
const plusDays = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const chunks: Buffer[] = [];
  for await (const c of await download.createReadStream()) chunks.push(c as Buffer);
  return { name: download.suggestedFilename(), body: Buffer.concat(chunks) };
}

test.describe('invoices: run, review, issue, PDF, payment, receivables', () => {
  test.describe.configure({ timeout: 300_000 });

  test('staff open an account and invoice the month; the owner opens the PDF and statement; payments age and clear receivables; books export', async ({
    browser,
    app,
    mail,
    request,
  }) => {
    const customer = app.account('CUSTOMER');
    const admin = app.account('ADMIN');
    const driverAccount = app.account('DRIVER');
    const t = {
      customer: await loginViaApi(request, customer),
      admin: await loginViaApi(request, admin),
      driver: await loginViaApi(request, driverAccount),
    };
    // 0. The customer's account is priced by a card of its own (whatever else this server has priced before).
    const typePrice = (baseCents: number) => ({ baseCents, includedMiles: 5, perMileCents: 150, minimumCents: baseCents });
    const card = await request.post('/api/v1/admin/rate-cards', {
      headers: bearer(t.admin),
      data: {
        name: `Invoices journey ${Date.now()}`,
        currency: 'USD',
        deliveryTypes: { STANDARD: typePrice(1800), EXPRESS: typePrice(3200), SAME_DAY: typePrice(2600), NEXT_DAY: typePrice(2100) },
      },
    });
    expect(card.status(), await card.text()).toBe(201);
    const mine = (await (await request.get('/api/v1/account', { headers: bearer(t.customer) })).json()) as {
      data: { _id?: string; account?: { _id: string } };
    };
    const accountId = mine.data.account?._id ?? mine.data._id;
    const cardId = ((await card.json()) as { data: { _id: string } }).data._id;
    const priced = await request.patch(`/api/v1/admin/accounts/${accountId}`, { headers: bearer(t.admin), data: { rateCardId: cardId } });
    expect(priced.status(), await priced.text()).toBe(200);
    const cardName = ((await card.json()) as { data: { name: string } }).data.name;

    // 0b. Staff open a new clinic's account by hand: terms, credit, rate card; its owner is invited by e-mail.
    const staff = await personaPage(browser, app.baseURL, desktop, admin.email, admin.password, /\/admin\//);
    const opened = `Quincy Dialysis ${Date.now()}`;
    const ownerEmail = `director.${Date.now()}@quincy.test`;
    await staff.goto('/admin/accounts');
    await staff.getByRole('button', { name: 'New account' }).click();
    const form = staff.getByRole('dialog', { name: 'New account' });
    await form.getByRole('button', { name: 'Open account' }).click();
    await expect(form.getByText('Name the account')).toBeVisible();
    await form.getByLabel('Name').fill(opened);
    await form.getByLabel('Billing e-mail').fill('ap@quincy.test');
    await form.getByLabel('Payment terms (days)').fill('45');
    await form.getByLabel('Credit limit ($)').fill('2,500');
    await form.getByLabel('Over the limit').selectOption('enforce');
    await form.getByLabel('Rate card').selectOption({ label: cardName });
    await form.getByLabel("Owner's e-mail").fill(admin.email);
    await form.getByRole('button', { name: 'Open account' }).click();
    await expect(form.getByText(/belongs to a staff or driver account/)).toBeVisible();
    await form.getByLabel("Owner's e-mail").fill(ownerEmail);
    await expectAccessible(staff, 'new account form');
    await shot(staff, 'new-account-desktop');
    // The same form on a phone.
    const handset = await personaPage(browser, app.baseURL, phone, admin.email, admin.password, /\/admin\//);
    await handset.goto('/admin/accounts');
    await handset.getByRole('button', { name: 'New account' }).click();
    await expect(handset.getByRole('dialog', { name: 'New account' }).getByLabel("Owner's e-mail")).toBeVisible();
    await expectAccessible(handset, 'new account form on a phone');
    await shot(handset, 'new-account-phone');
    await handset.context().close();
    await form.getByRole('button', { name: 'Open account' }).click();
    await expect(toast(staff, `${opened} opened; ${ownerEmail} is invited as its owner`)).toBeVisible();
    await expect(form).toBeHidden();
    await staff.getByLabel('Search accounts').fill(opened);
    const openedRow = staff.getByRole('row').filter({ hasText: opened });
    await expect(openedRow).toContainText('Net 45');
    await expect(openedRow).toContainText('$2,500.00 (enforce)');
    await expect(openedRow).toContainText(cardName);
    await expectAccessible(staff, 'accounts');
    const invitation = await mail.waitFor({ to: ownerEmail, subject: new RegExp(opened) });
    expect(invitation.links.some((href) => href.includes('/account/invitation?token='))).toBe(true);

    // 1. Two bookings, delivered through the API.
    const book = async (reference: string) => {
      const created = await request.post('/api/v1/deliveries', {
        headers: bearer(t.customer),
        multipart: {
          senderPhone: '+1 (617) 555-0100',
          pickupAddress: '55 Fruit St, Boston, MA 02114',
          recipientName: 'Ward 4 Billing',
          recipientPhone: '617-555-0199',
          recipientEmail: 'ward4@example.test',
          deliveryAddress: '330 Brookline Ave, Boston, MA 02215',
          requiredBy: new Date(Date.now() + 2 * 86_400_000).toISOString(),
          packageType: 'MEDICATION',
          packageSize: 'small',
          deliveryType: 'EXPRESS',
          reference,
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { _id: id, orderId } = ((await created.json()) as { data: { _id: string; orderId: string } }).data;
      const booked = (
        (await (await request.get(`/api/v1/deliveries/${id}`, { headers: bearer(t.customer) })).json()) as { data: { price?: unknown } }
      ).data;
      expect(booked.price, 'the booking carries its price').toBeTruthy();
      expect((await request.post(`/api/v1/admin/deliveries/${id}/approve`, { headers: bearer(t.admin), data: {} })).ok()).toBe(true);
      const drivers = (await (await request.get('/api/v1/admin/drivers', { headers: bearer(t.admin) })).json()) as {
        data: Array<{ _id: string; email: string }>;
      };
      const driverId = drivers.data.find((d) => d.email === driverAccount.email)?._id;
      expect((await request.post(`/api/v1/admin/deliveries/${id}/assign`, { headers: bearer(t.admin), data: { driverId } })).ok()).toBe(
        true,
      );
      for (const body of [
        { status: 'moving_to_pickup_location' },
        { status: 'picked_up', scannedOrderId: orderId },
        { status: 'in_transit' },
      ]) {
        const moved = await request.post(`/api/v1/driver/deliveries/${id}/status`, { headers: bearer(t.driver), data: body });
        expect(moved.ok(), await moved.text()).toBe(true);
      }
      const pod = await request.post(`/api/v1/driver/deliveries/${id}/pod`, {
        headers: bearer(t.driver),
        multipart: {
          recipientName: 'Ward 4 desk',
          notes: 'At the desk',
          signature: { name: 'signature.png', mimeType: 'image/png', buffer: await signaturePng() },
        },
      });
      expect(pod.ok(), await pod.text()).toBe(true);
      return { id, orderId };
    };
    const { orderId } = await book('PO-E2E-1');
    const second = await book('PO-E2E-2');
    const account = (
      (await (await request.get('/api/v1/account', { headers: bearer(t.customer) })).json()) as {
        data: { account: { name: string; billingEmail: string } };
      }
    ).data.account;

    // 2. Staff run today's period, open the account's draft, issue it.
    const today = businessDay(new Date());
    await staff.goto('/admin/invoices');
    await staff.getByLabel('From').fill(`${today.slice(0, 8)}01`);
    await staff.getByLabel('To').fill(today);
    await staff.getByRole('button', { name: 'Run invoices' }).click();
    await expect(toast(staff, /draft invoice/)).toBeVisible();
    await staff
      .getByRole('link', { name: `Draft for ${account.name}` })
      .first()
      .click();
    await expect(staff.getByText(orderId)).toBeVisible();
    await expect(staff.getByText(second.orderId)).toBeVisible();
    await expect(staff.getByText('PO PO-E2E-1')).toBeVisible();
    await expectAccessible(staff, 'draft invoice');
    await staff.getByRole('button', { name: 'Issue' }).click();
    await expect(toast(staff, 'Invoice issued and e-mailed')).toBeVisible();
    const number = (await staff.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
    expect(number).toMatch(/^INV-\d{4}-\d{6}$/);
    // The billing address gets the bill itself, attached.
    const billed = await mail.waitFor({ to: account.billingEmail, subject: new RegExp(number) });
    expect(billed.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`${number}.pdf`, 'application/pdf']]);
    expect(billed.attachments[0].content.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // 3. The owner opens the invoice and its PDF.
    const owner = await personaPage(browser, app.baseURL, desktop, customer.email, customer.password, /\/user\/home$/);
    await owner.goto('/account/invoices');
    await owner.getByRole('link', { name: number }).click();
    await expectAccessible(owner, 'owner invoice');
    const pdf = await downloaded(owner, () => owner.getByRole('button', { name: 'Download PDF' }).click());
    expect(pdf.body.subarray(0, 4).toString()).toBe('%PDF');
    // The statement: the invoice open with its whole balance.
    await owner.goto('/account/statement');
    const statementRow = owner.getByRole('row').filter({ has: owner.getByRole('link', { name: number }) });
    await expect(statementRow).toBeVisible();
    const total = ((await statementRow.getByRole('cell').last().textContent()) ?? '').trim();
    expect(total).toMatch(/^\$\d[\d,]*\.\d\d$/);
    await expect(owner.getByText(`Balance due: ${total}`)).toBeVisible();
    await expectAccessible(owner, 'statement');

    // 4. Staff record a check of $5.00; receivables show the rest as current.
    await staff.getByLabel('Amount ($)').first().fill('5.00');
    // Received today on the office's calendar, so receivables as of today count it.
    await expect(staff.getByLabel('Received on')).toHaveValue(today);
    await staff.getByLabel('Reference (check number)').fill('Check 1042');
    await staff.getByRole('button', { name: 'Record payment' }).click();
    await expect(toast(staff, 'Payment recorded')).toBeVisible();
    await expect(staff.getByText(/by check \(Check 1042\)/)).toBeVisible();
    const invoiceUrl = staff.url();
    await staff.goto('/admin/receivables');
    const receivable = staff.getByRole('row').filter({ has: staff.getByRole('rowheader', { name: account.name }) });
    await expect(receivable).toBeVisible();
    const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);
    const left = `$${((cents(total) - 500) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    await expect(receivable.getByRole('cell').first()).toHaveText(left); // current
    await expectAccessible(staff, 'receivables');
    // Ten days past the due date (terms from the account), what is left sits in 1-30.
    const dueDate = plusDays(
      today,
      (await (await request.get(`/api/v1/admin/accounts/${accountId}`, { headers: bearer(t.admin) })).json()).data.paymentTermsDays,
    );
    await staff.getByLabel('As of').fill(plusDays(dueDate, 10));
    await expect(receivable.getByRole('cell').nth(1)).toHaveText(left);
    await expect(receivable.getByRole('cell').first()).toHaveText('$0.00');

    // 5. The rest arrives by ACH: the invoice is paid and leaves receivables; the owner's statement has nothing open.
    await staff.goto(invoiceUrl);
    await staff.getByLabel('Amount ($)').first().fill(left.slice(1));
    await expect(staff.getByLabel('Received on')).toHaveValue(today);
    await staff.getByLabel('Method').selectOption('ach');
    await staff.getByLabel('Reference (check number)').fill('ACH 7781');
    await staff.getByRole('button', { name: 'Record payment' }).click();
    await expect(toast(staff, 'Payment recorded')).toBeVisible();
    await expect(staff.getByText('paid', { exact: true }).first()).toBeVisible();
    await staff.goto('/admin/receivables');
    await expect(staff.getByRole('heading', { name: 'Receivables' })).toBeVisible();
    await expect(staff.getByRole('rowheader', { name: account.name })).toHaveCount(0);
    await owner.goto('/account/statement');
    await expect(owner.getByText('Nothing is open.')).toBeVisible();
    await expect(owner.getByText(/by ACH \(ACH 7781\) for/)).toBeVisible();

    // 6. The month goes to the books: QuickBooks Online's and Xero's import layouts, one row per line.
    await staff.goto('/admin/invoices');
    await staff.getByLabel('From').fill(`${today.slice(0, 8)}01`);
    await staff.getByLabel('To').fill(today);
    await expectAccessible(staff, 'invoices list');
    await staff.getByLabel('Books').selectOption('quickbooks');
    const quickbooks = await downloaded(staff, () => staff.getByRole('button', { name: 'Export CSV' }).click());
    expect(quickbooks.name).toMatch(/^invoices-quickbooks-.*\.csv$/);
    const qbText = quickbooks.body.toString('utf8').replace(/^\uFEFF/, '');
    expect(qbText.split(/\r?\n/)[0]).toContain('Invoice number');
    expect(qbText.split(/\r?\n/).filter((l) => l.includes(number)).length).toBeGreaterThanOrEqual(2);
    await staff.getByLabel('Books').selectOption('xero');
    const xero = await downloaded(staff, () => staff.getByRole('button', { name: 'Export CSV' }).click());
    expect(xero.name).toMatch(/^invoices-xero-.*\.csv$/);
    const xeroText = xero.body.toString('utf8').replace(/^\uFEFF/, '');
    expect(xeroText.split(/\r?\n/)[0]).toContain('*InvoiceNumber');
    expect(xeroText).toContain(number);
  });
});
