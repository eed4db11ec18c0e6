import { type APIRequestContext, type BrowserContextOptions, devices, type Page } from '@playwright/test';
import sharp from 'sharp';
import { loginViaApi } from '../fixtures/api-helpers.js';
import { expect, type RunningServer, test } from '../fixtures/index.js';

const { defaultBrowserType: _ignored, ...pixel } = devices['Pixel 7'];
const SIZES: Array<[string, BrowserContextOptions]> = [
  ['phone', { ...pixel, viewport: { width: 390, height: 844 } }],
  ['desktop', { viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false }],
];
/** 'Tue, Nov 24, 3:55 PM': an estimate or delivered time with its day. */
const WITH_DAY = /^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} (AM|PM)$/;
const PICKUP = '55 Fruit St, Boston, MA 02114';
const DROP = '330 Brookline Ave, Boston, MA 02215';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function ok(response: Awaited<ReturnType<APIRequestContext['post']>>, what: string): Promise<{ data?: unknown }> {
  expect(response.ok(), `${what} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as { data?: unknown };
}

/** A new request taken to delivered the way the people do it: customer books, staff approve and assign, driver delivers. */
async function deliveredDelivery(request: APIRequestContext, app: RunningServer): Promise<{ id: string; orderId: string }> {
  const customer = await loginViaApi(request, app.account('CUSTOMER'));
  const staff = await loginViaApi(request, app.account('STAFF'));
  const driverAccount = app.account('DRIVER');
  const driver = await loginViaApi(request, driverAccount);

  const created = await ok(
    await request.post('/api/v1/deliveries', {
      headers: bearer(customer),
      data: {
        senderPhone: '+16175550100',
        pickupAddress: PICKUP,
        recipientName: 'Nurse Ama Boateng',
        recipientPhone: '+16175550199',
        recipientEmail: 'ama.boateng@example.test',
        deliveryAddress: DROP,
        requiredBy: new Date(Date.now() + 2 * 86_400_000).toISOString(),
        packageType: 'DOCUMENT',
        packageSize: 'small',
        deliveryType: 'STANDARD',
        specialInstructions: '',
      },
    }),
    'booking',
  );
  const { _id: id, orderId } = created.data as { _id: string; orderId: string };
  await ok(await request.post(`/api/v1/admin/deliveries/${id}/approve`, { headers: bearer(staff), data: {} }), 'approve');
  const drivers = (await ok(await request.get('/api/v1/admin/drivers', { headers: bearer(staff) }), 'drivers')).data as Array<{
    _id: string;
    email: string;
  }>;
  const driverId = drivers.find((d) => d.email === driverAccount.email)?._id;
  expect(driverId).toBeTruthy();
  await ok(await request.post(`/api/v1/admin/deliveries/${id}/assign`, { headers: bearer(staff), data: { driverId } }), 'assign');
  for (const step of [
    { status: 'moving_to_pickup_location' },
    { status: 'picked_up', scannedOrderId: orderId },
    { status: 'in_transit' },
  ]) {
    await ok(await request.post(`/api/v1/driver/deliveries/${id}/status`, { headers: bearer(driver), data: step }), step.status);
  }
  const photo = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#3b7d4f' } })
    .jpeg()
    .toBuffer();
  await ok(
    await request.post(`/api/v1/driver/deliveries/${id}/pod`, {
      headers: bearer(driver),
      multipart: {
        recipientName: 'Nurse Ama Boateng',
        notes: 'Handed over at the ward desk.',
        photo: { name: 'door.jpg', mimeType: 'image/jpeg', buffer: photo },
      },
    }),
    'proof of delivery',
  );
  return { id, orderId };
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/user\/home$/, { timeout: 20_000 });
}

for (const [size, options] of SIZES) {
  test.describe(`delivery story on a ${size}`, () => {
    test.use(options);
    const press = (page: Page, name: string) =>
      size === 'phone' ? page.getByRole('button', { name }).tap() : page.getByRole('button', { name }).click();

    test('sign-up after the account-type error moves on with the first Next', async ({ page }) => {
      await page.goto('/auth/signup');
      await page.getByLabel('First name').fill('Jordan');
      await page.getByLabel('Last name').fill('Rivera');
      await page.getByLabel('Email').fill(`jordan-${size}-${Date.now().toString(36)}@clinic.example`);
      await page.getByLabel('Phone').fill('+1 617 555 0100');
      await press(page, 'Next');
      await page.getByLabel('Address').fill(PICKUP);
      await press(page, 'Next');
      await expect(page.getByText('Please select an account type')).toBeVisible();

      // The failed Next focused the select; choosing keeps it focused, as a phone's picker does.
      const accountType = page.getByLabel('Account type');
      await expect(accountType).toBeFocused();
      await accountType.selectOption('pharmacy');
      await expect(page.getByText('Please select an account type')).toHaveCount(0);
      await press(page, 'Next');
      await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
      await expect(page.getByText('Step 3 of 3: Security')).toBeVisible();
    });

    test("a '#'-prefixed number tracks, and the delivered page tells the whole story", async ({ page, request, app }) => {
      const { id, orderId } = await deliveredDelivery(request, app);

      await page.goto('/tracking');
      await page.getByLabel('Tracking number').fill(` #${orderId} `);
      await press(page, 'Track Package');
      await expect(page.getByRole('heading', { name: orderId })).toBeVisible();
      await expect(page.getByTestId('delivered-at')).toHaveText(WITH_DAY);

      const customer = app.account('CUSTOMER');
      await signIn(page, customer.email, customer.password);
      await page.goto(`/delivery/${id}`);
      await expect(page.getByRole('heading', { name: `Delivery #${orderId}` })).toBeVisible();
      const delivered = page.locator('dt', { hasText: /^Delivered$/ }).first();
      await expect(delivered.locator('xpath=following-sibling::dd[1]')).toHaveText(WITH_DAY);
      await expect(page.getByText('Estimated delivery')).toHaveCount(0);

      const timeline = page.getByRole('list', { name: 'Delivery timeline' }).getByRole('listitem');
      await expect(timeline).toHaveCount(7);
      await expect(timeline.first()).toContainText('Delivered');
      await expect(timeline.first()).toContainText(DROP);
      await expect(timeline.last()).toContainText('Pending');
      await expect(timeline.last()).toContainText(PICKUP);
      await expect(page.getByText('Nurse Ama Boateng').first()).toBeVisible();
      await expect(page.getByText('Handed over at the ward desk.')).toBeVisible();
      await expect(page.getByRole('img', { name: 'Proof of delivery' })).toBeVisible();
      await page.screenshot({ path: `test-results/delivery-story-${size}.png`, fullPage: true });
    });
  });
}
