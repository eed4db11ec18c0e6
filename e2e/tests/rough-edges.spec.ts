import { findDeliveryByStatus, loginViaApi } from '../fixtures/api-helpers.js';
import { expectAccessible } from '../fixtures/accessibility.js';
import { expect, test } from '../fixtures/index.js';
import { submitLogin } from './support/accounts.js';
import { desktop, loopbackPage, phone, screenshotsTo } from './support/personas.js';

/** Rough edges a walkthrough found, on a phone and a desktop: the location card, tracking's address, words for statuses. */

const shot = screenshotsTo(process.env.EDGES_SHOTS);

test.describe('rough edges', () => {
  test('the driver’s location question is a card in the page that scrolls away, not a bar over the work', async ({ browser, app }) => {
    const drv = app.account('DRIVER');
    const driver = await loopbackPage(browser, app.baseURL, phone);
    await submitLogin(driver, drv.email, drv.password);
    await expect(driver).toHaveURL(/\/driver\/home$/, { timeout: 20_000 });
    const prompt = driver.getByRole('region', { name: 'Share your location during jobs?' });
    await expect(prompt).toBeVisible();
    await expect(driver.getByRole('main').getByRole('region', { name: 'Share your location during jobs?' })).toBeVisible();
    await expect(driver.getByRole('banner').getByRole('region', { name: 'Share your location during jobs?' })).toHaveCount(0);
    await expectAccessible(driver, 'driver home with the location card');
    await shot(driver, 'driver-location-card-phone');
    const before = (await prompt.boundingBox())!;
    await driver.mouse.wheel(0, 600);
    await expect.poll(async () => (await prompt.boundingBox())?.y ?? -1e6).toBeLessThan(before.y - 100);
    await expect(driver.getByText('Moving to pickup').first()).toBeVisible();
    await expect(driver.getByText('moving to pickup location', { exact: true })).toHaveCount(0);
    await prompt.getByRole('button', { name: 'Not now' }).click();
    await expect(prompt).toHaveCount(0);
  });

  for (const [name, options] of [
    ['phone', phone],
    ['desktop', desktop],
  ] as const) {
    test(`tracking on a ${name}: a shareable address, the whole route in view, statuses in words`, async ({ browser, app, request }) => {
      const token = await loginViaApi(request, app.account('CUSTOMER'));
      const delivery = await findDeliveryByStatus(request, token, 'moving_to_pickup_location');
      const page = await loopbackPage(browser, app.baseURL, options);
      await page.goto('/tracking');
      await page.getByLabel('Tracking number').fill(`#${delivery.orderId}`);
      await page.getByRole('button', { name: 'Track Package' }).click();
      await expect(page).toHaveURL(new RegExp(`/track/${delivery.orderId}$`));
      await expect(page.getByTestId('status-history').getByRole('listitem').first()).toContainText('Moving to pickup');
      await expect(page.getByTestId('tracking-map').locator('.leaflet-marker-icon[title="Destination"]')).toBeVisible();
      await expectAccessible(page, `tracking (${name})`);
      await shot(page, `tracking-${name}`);

      await page.goto('/auth/reset-password?token=abc&welcome=1');
      await expect(page.getByRole('button', { name: 'Set password' })).toBeVisible();
      await shot(page, `invite-set-password-${name}`);
    });
  }

  test('the board on a phone shows its chips whole', async ({ browser, app }) => {
    const staff = app.account('STAFF');
    const page = await loopbackPage(browser, app.baseURL, phone);
    await submitLogin(page, staff.email, staff.password);
    await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 20_000 });
    const chips = page.locator('li[aria-label^="Delivery #"] span.rounded-full');
    await expect(chips.first()).toBeVisible();
    // A chip cut short has more text than room: its content is wider than its box.
    const clipped = await chips.evaluateAll((els) =>
      els
        .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > window.innerWidth)
        .map((el) => el.textContent),
    );
    expect(clipped).toEqual([]);
    // The tiles' labels wrap rather than end in an ellipsis.
    const label = page.getByText('First-attempt rate', { exact: true });
    expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    await shot(page, 'board-phone');
  });
});
