import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from '../fixtures/accessibility.js';
import { loginViaApi } from '../fixtures/api-helpers.js';
import { expect, test } from '../fixtures/index.js';
import { submitLogin } from './support/accounts.js';
import { loopbackPage, phone } from './support/personas.js';

// Prices where people decide: staff set a rate card on the customer's account, the customer sees each delivery
// type's price and the chosen type's lines before Submit and books at that price; the driver taps Arrived.

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const typePrice = (baseCents: number) => ({ baseCents, includedMiles: 3, perMileCents: 175, minimumCents: baseCents });

async function call(request: APIRequestContext, method: 'get' | 'post' | 'patch', url: string, token: string, data?: object) {
  const response = await request[method](url, { headers: bearer(token), ...(data ? { data } : {}) });
  expect(response.ok(), `${method.toUpperCase()} ${url} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as { data: Record<string, unknown> & { _id: string } };
}

test.describe('pricing', () => {
  test.describe.configure({ timeout: 180_000 });

  test('staff set a rate card, the customer sees prices on the booking form and books, the driver taps Arrived', async ({
    page,
    app,
    request,
    browser,
  }) => {
    const admin = await loginViaApi(request, app.account('ADMIN'));
    const customer = app.account('CUSTOMER');
    const customerToken = await loginViaApi(request, customer);
    const card = await call(request, 'post', '/api/v1/admin/rate-cards', admin, {
      name: `Journey card ${Date.now()}`,
      currency: 'USD',
      deliveryTypes: { STANDARD: typePrice(1800), EXPRESS: typePrice(3200), SAME_DAY: typePrice(2600), NEXT_DAY: typePrice(2100) },
      sizeCents: { medium: 300 },
      surcharges: { waitTime: { graceMinutes: 10, perMinuteCents: 60, capCents: 3000 } },
    });
    const account = await call(request, 'get', '/api/v1/account', customerToken);
    const accountId = ((account.data as { account?: { _id: string } }).account?._id ?? account.data._id) as string;
    await call(request, 'patch', `/api/v1/admin/accounts/${accountId}`, admin, { rateCardId: card.data._id });

    await page.setViewportSize({ width: 390, height: 844 });
    await submitLogin(page, customer.email, customer.password);
    await expect(page).toHaveURL(/\/user\/home$/, { timeout: 20_000 });
    await page.goto('/order-delivery');
    await expect(page.getByRole('combobox', { name: 'Pickup address' })).not.toHaveValue('');
    await page.getByRole('combobox', { name: 'Pickup address' }).fill('55 Fruit St, Boston, MA 02114');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Recipient name').fill('Ward 7');
    await page.getByLabel('Recipient phone').fill('(617) 555-0177');
    await page.getByLabel('Recipient e-mail').fill('ward7@example.test');
    await page.getByRole('combobox', { name: 'Delivery address' }).fill('330 Brookline Ave, Boston, MA 02215');
    const later = new Date(Date.now() + 3 * 86_400_000);
    await page
      .getByLabel('Required by (date and time)')
      .fill(new Date(later.getTime() - later.getTimezoneOffset() * 60_000).toISOString().slice(0, 16));
    await page.getByRole('button', { name: 'Next' }).click();

    // Every delivery type's card carries its price; the chosen one's lines sit above Submit.
    for (const type of ['STANDARD', 'EXPRESS', 'SAME_DAY', 'NEXT_DAY']) {
      await expect(page.getByTestId(`price-${type}`)).toHaveText(/^\$\d[\d,]*\.\d\d$/, { timeout: 15_000 });
    }
    await page.getByRole('radio', { name: /^Express/ }).check();
    const shown = (await page.getByTestId('price-EXPRESS').textContent())?.trim() ?? '';
    await expect(page.getByTestId('price-total')).toHaveText(shown);
    await expect(page.getByTestId('price-lines')).toContainText('Express');
    await page.getByLabel('Reference (PO or cost centre) (optional)').fill('PO-7781');
    await expectAccessible(page, 'order form with prices');
    await page.screenshot({ path: 'test-results/pricing-form-phone.png', fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.screenshot({ path: 'test-results/pricing-form-desktop.png', fullPage: true });

    const [booked] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/v1/deliveries') && r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Submit Request' }).click(),
    ]);
    expect(booked.status()).toBe(201);
    const delivery = ((await booked.json()) as { data: { _id: string; reference: string; price: { totalCents: number } } }).data;
    expect(delivery.reference).toBe('PO-7781');
    expect(`$${(delivery.price.totalCents / 100).toFixed(2)}`).toBe(shown.replace(/,/g, ''));

    // The detail page shows the charges to the customer.
    await page.goto(`/delivery/${delivery._id}`);
    await expect(page.getByRole('region', { name: 'Charges' })).toContainText(shown);
    await expect(page.getByText('PO-7781')).toBeVisible();
    await expectAccessible(page, 'delivery detail with price');
    await page.screenshot({ path: 'test-results/pricing-detail-desktop.png', fullPage: true });

    // Dispatch approves and assigns it to the driver, who taps Arrived at the pickup.
    const driver = app.account('DRIVER');
    const driverToken = await loginViaApi(request, driver);
    const me = await call(request, 'get', '/api/v1/auth/me', driverToken);
    const driverId = ((me.data as { user?: { _id: string } }).user?._id ?? me.data._id) as string;
    await call(request, 'post', `/api/v1/admin/deliveries/${delivery._id}/approve`, admin, {});
    const assigned = await request.post(`/api/v1/admin/deliveries/${delivery._id}/assign`, { headers: bearer(admin), data: { driverId } });
    // Auto-dispatch may have assigned it on approval already.
    expect([200, 409]).toContain(assigned.status());

    const driverPage = await loopbackPage(browser, app.baseURL, phone);
    await submitLogin(driverPage, driver.email, driver.password);
    await expect(driverPage).toHaveURL(/\/driver\/home$/, { timeout: 20_000 });
    await driverPage.goto(`/driver/jobs/${delivery._id}`);
    const arrived = driverPage.getByRole('button', { name: 'Arrived at pickup' });
    await expect(arrived).toBeVisible({ timeout: 15_000 });
    await arrived.click();
    await expect(driverPage.getByText(/^Arrived /)).toBeVisible();
    await expect(driverPage.getByText(shown)).toHaveCount(0);
    await expectAccessible(driverPage, 'driver job after Arrived');
    await driverPage.screenshot({ path: 'test-results/pricing-driver-arrived-phone.png', fullPage: true });
    await driverPage.context().close();
  });
});
