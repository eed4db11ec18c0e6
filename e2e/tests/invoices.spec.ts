import { expectAccessible } from '../fixtures/accessibility.js';
import { loginViaApi } from '../fixtures/api-helpers.js';
import { expect, test } from '../fixtures/index.js';
import { toast } from './support/accounts.js';
import { desktop, personaPage } from './support/personas.js';

/**
 * Month end: a customer's priced delivery is delivered; staff run the period, review the draft and issue it; the
 * account's owner opens the invoice PDF; staff record a check; receivables show what is left.
 */

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const businessDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(d);

test.describe('invoices: run, review, issue, PDF, payment, receivables', () => {
  test.describe.configure({ timeout: 300_000 });

  test('staff invoice the month; the owner opens the PDF; a check is recorded and receivables show the rest', async ({
    browser,
    app,
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
    // 1. A booking, delivered through the API.
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
        reference: 'PO-E2E-1',
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
    expect((await request.post(`/api/v1/admin/deliveries/${id}/assign`, { headers: bearer(t.admin), data: { driverId } })).ok()).toBe(true);
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
      multipart: { recipientName: 'Ward 4 desk', notes: 'At the desk' },
    });
    expect(pod.ok(), await pod.text()).toBe(true);
    const account = (
      (await (await request.get('/api/v1/account', { headers: bearer(t.customer) })).json()) as { data: { account: { name: string } } }
    ).data.account;

    // 2. Staff run today's period, open the account's draft, issue it.
    const today = businessDay(new Date());
    const staff = await personaPage(browser, app.baseURL, desktop, admin.email, admin.password, /\/admin\//);
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
    await expect(staff.getByText('PO PO-E2E-1')).toBeVisible();
    await expectAccessible(staff, 'draft invoice');
    await staff.getByRole('button', { name: 'Issue' }).click();
    await expect(toast(staff, 'Invoice issued and e-mailed')).toBeVisible();
    const number = (await staff.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
    expect(number).toMatch(/^INV-\d{4}-\d{6}$/);

    // 3. The owner opens the invoice and its PDF.
    const owner = await personaPage(browser, app.baseURL, desktop, customer.email, customer.password, /\/user\/home$/);
    await owner.goto('/account/invoices');
    await owner.getByRole('link', { name: number }).click();
    await expectAccessible(owner, 'owner invoice');
    const [download] = await Promise.all([owner.waitForEvent('download'), owner.getByRole('button', { name: 'Download PDF' }).click()]);
    const pdf = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const c of pdf) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 4).toString()).toBe('%PDF');

    // 4. Staff record a check of $5.00; receivables show the rest as current.
    await staff.getByLabel('Amount ($)').first().fill('5.00');
    await staff.getByLabel('Reference (check number)').fill('Check 1042');
    await staff.getByRole('button', { name: 'Record payment' }).click();
    await expect(toast(staff, 'Payment recorded')).toBeVisible();
    await expect(staff.getByText(/by check \(Check 1042\)/)).toBeVisible();
    await staff.goto('/admin/receivables');
    await expect(staff.getByRole('rowheader', { name: account.name })).toBeVisible();
    await expectAccessible(staff, 'receivables');
  });
});
