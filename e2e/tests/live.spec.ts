import type { APIRequestContext, Browser, BrowserContextOptions } from '@playwright/test';
import { loginViaApi } from '../fixtures/api-helpers.js';
import { expect, test } from '../fixtures/index.js';

const desktop: BrowserContextOptions = { viewport: { width: 1366, height: 900 }, locale: 'en-US', timezoneId: 'America/New_York' };

/** A browser for one person that may only reach the test server. */
async function newPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ ...desktop, baseURL, serviceWorkers: 'block' });
  await context.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol.startsWith('http'),
    (route) => route.abort('blockedbyclient'),
  );
  return context.newPage();
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A fresh delivery of the seeded customer, approved and assigned to the seeded driver through the API. */
async function assignedDelivery(request: APIRequestContext, customer: string, staff: string, driverEmail: string) {
  const requiredBy = new Date(Date.now() + 2 * 86_400_000).toISOString();
  const created = await request.post('/api/v1/deliveries', {
    headers: bearer(customer),
    multipart: {
      senderPhone: '+1 (617) 555-0100',
      pickupAddress: '55 Fruit St, Boston, MA 02114',
      recipientName: 'Ward 7 Live',
      recipientPhone: '617-555-0199',
      recipientEmail: 'ward7@example.test',
      deliveryAddress: '330 Brookline Ave, Boston, MA 02215',
      requiredBy,
      packageType: 'MEDICATION',
      packageSize: 'small',
      deliveryType: 'EXPRESS',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const body = (await created.json()) as { data: { _id: string; orderId: string } };
  const { _id: id, orderId } = body.data;
  expect((await request.post(`/api/v1/admin/deliveries/${id}/approve`, { headers: bearer(staff), data: {} })).ok()).toBe(true);
  const drivers = (await (await request.get('/api/v1/admin/drivers', { headers: bearer(staff) })).json()) as {
    data: Array<{ _id: string; email: string }>;
  };
  const driverId = drivers.data.find((d) => d.email === driverEmail)?._id;
  expect(driverId).toBeTruthy();
  expect((await request.post(`/api/v1/admin/deliveries/${id}/assign`, { headers: bearer(staff), data: { driverId } })).ok()).toBe(true);
  return { id, orderId };
}

test.describe('live updates', () => {
  test('the tracking page and the dispatch board follow the driver’s move without a reload', async ({ browser, request, app }) => {
    const customer = await loginViaApi(request, app.account('CUSTOMER'));
    const staffAccount = app.account('STAFF');
    const staff = await loginViaApi(request, staffAccount);
    const driverAccount = app.account('DRIVER');
    const driver = await loginViaApi(request, driverAccount);
    const { id, orderId } = await assignedDelivery(request, customer, staff, driverAccount.email);

    // Anyone with the number, on the public tracking page.
    const tracker = await newPage(browser, app.baseURL);
    await tracker.goto(`/track/${orderId}`);
    const summary = tracker.locator('section', { has: tracker.getByRole('heading', { name: orderId }) });
    await expect(summary.getByText('Assigned', { exact: true })).toBeVisible();

    // Dispatch, on the board, with the delivery found by its number.
    const board = await newPage(browser, app.baseURL);
    await board.goto('/auth/login');
    await board.getByLabel('Email').fill(staffAccount.email);
    await board.getByLabel('Password', { exact: true }).fill(staffAccount.password);
    await board.getByRole('button', { name: 'Sign in' }).click();
    await expect(board).toHaveURL(/\/admin\/dashboard$/, { timeout: 20_000 });
    await board.getByRole('searchbox', { name: 'Search deliveries' }).fill(orderId);
    const card = board.getByRole('region', { name: 'On the road' }).getByRole('listitem', { name: `Delivery #${orderId}` });
    await expect(card.getByText('Assigned', { exact: true })).toBeVisible();

    // A marker on each window: a reload would wipe it.
    for (const page of [tracker, board]) await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

    // The driver starts the run, through the API as the phone would.
    const moved = await request.post(`/api/v1/driver/deliveries/${id}/status`, {
      headers: bearer(driver),
      data: { status: 'moving_to_pickup_location' },
    });
    expect(moved.status(), await moved.text()).toBe(200);

    await expect(summary.getByText('Moving to pickup', { exact: true })).toBeVisible({ timeout: 5000 });
    await expect(tracker.getByTestId('status-history').getByRole('listitem').first()).toContainText('Moving to pickup');
    await expect(card.getByText('Moving to pickup', { exact: true })).toBeVisible({ timeout: 5000 });
    for (const page of [tracker, board]) {
      expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
    }
    await tracker.context().close();
    await board.context().close();
  });
});
