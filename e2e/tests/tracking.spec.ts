import { findDeliveryByStatus, loginViaApi } from '../fixtures/api-helpers.js';
import { expect, test } from '../fixtures/index.js';

const TIME = /\d{1,2}:\d{2} (AM|PM)$/;

test.describe('package tracking', () => {
  test('tracking an in-transit delivery from /track/{id} shows its status, timeline and route markers', async ({ page, request, app }) => {
    const token = await loginViaApi(request, app.account('CUSTOMER'));
    const delivery = await findDeliveryByStatus(request, token, 'in_transit');

    await page.goto(`/track/${delivery.orderId}`);

    // The lookup runs from the path, and the address stays shareable.
    await expect(page).toHaveURL(new RegExp(`/track/${delivery.orderId}$`));
    await expect(page.getByLabel('Tracking number')).toHaveValue(delivery.orderId);
    await expect(page.getByRole('heading', { name: delivery.orderId })).toBeVisible();
    const summary = page.locator('section', { has: page.getByRole('heading', { name: delivery.orderId }) });
    await expect(summary.getByText('In transit', { exact: true })).toBeVisible();
    await expect(page.getByTestId('current-location')).not.toHaveText('Not available');
    await expect(page.getByTestId('estimated-delivery')).toHaveText(TIME);

    // Status History: every step of the custody chain, newest first, each with an en-US 12-hour time.
    const history = page.getByTestId('status-history').getByRole('listitem');
    await expect(history).toHaveCount(6);
    await expect(history.first()).toContainText('In transit');
    await expect(history.last()).toContainText('Pending');
    for (const step of ['Picked up', 'Moving to pickup', 'Assigned', 'Approved']) {
      await expect(page.getByTestId('status-history')).toContainText(step);
    }
    await expect(history.last().locator('time')).toHaveText(TIME);

    // The map: three markers, the line through them, and a plain note since the test tiles do not exist.
    const map = page.getByTestId('tracking-map');
    await expect(map.locator('.leaflet-marker-icon[title="Origin"]')).toHaveCount(1);
    await expect(map.locator('.leaflet-marker-icon[title="Destination"]')).toHaveCount(1);
    await expect(map.locator('.leaflet-marker-icon[title="Current"]')).toHaveCount(1);
    await expect(map.locator('path.leaflet-interactive')).toHaveCount(1);
    await expect(map.getByText('Map tiles are unavailable')).toBeVisible();
    expect(await map.boundingBox()).toMatchObject({ height: 400 });
    // Framed from the start: origin, destination and the driver all inside the map.
    const box = (await map.boundingBox())!;
    for (const title of ['Origin', 'Destination', 'Current']) {
      const pin = (await map.locator(`.leaflet-marker-icon[title="${title}"]`).boundingBox())!;
      expect(pin.x >= box.x && pin.x + pin.width <= box.x + box.width, `${title} inside the map`).toBe(true);
      expect(pin.y >= box.y && pin.y + pin.height <= box.y + box.height, `${title} inside the map`).toBe(true);
    }

    // Info windows name the places.
    await map.getByRole('button', { name: 'Show whole route' }).click();
    // From the keyboard: a marker near the map's edge can sit under Leaflet's own controls for a mouse.
    await map.locator('.leaflet-marker-icon[title="Destination"]').focus();
    await page.keyboard.press('Enter');
    await expect(map.locator('.leaflet-popup')).toContainText('Destination');
    await expect(map.locator('.leaflet-popup')).toContainText(/MA \d{5}/);
  });

  test('an empty tracking number asks for one, and an unknown one is refused', async ({ page }) => {
    await page.goto('/tracking');
    await page.getByRole('button', { name: 'Track Package' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter a tracking number');

    await page.getByLabel('Tracking number').fill('MC0000000000');
    await page.getByRole('button', { name: 'Track Package' }).click();
    // The contract's text, then a line saying what a number looks like.
    await expect(page.getByRole('alert').getByText('Invalid tracking number', { exact: true })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('A tracking number looks like MC7K2P9QX4WZ');
  });

  test('a pending delivery shows a yellow badge and no feedback link', async ({ page, request, app }) => {
    const token = await loginViaApi(request, app.account('CUSTOMER'));
    const delivery = await findDeliveryByStatus(request, token, 'pending');

    await page.goto('/tracking');
    await page.getByLabel('Tracking number').fill(` ${delivery.orderId.toLowerCase()} `);
    await page.getByRole('button', { name: 'Track Package' }).click();

    const badge = page.locator('[data-status="pending"]').first();
    await expect(badge).toHaveText('Pending');
    await expect(badge).toHaveClass(/bg-amber/);
    await expect(page.getByRole('link', { name: 'Leave feedback' })).toHaveCount(0);
  });

  test('when the map cannot load, the page says so and still shows the result', async ({ page, request, app }) => {
    const token = await loginViaApi(request, app.account('CUSTOMER'));
    const delivery = await findDeliveryByStatus(request, token, 'picked_up');
    await page.route(/\/assets\/route-map-[^/]+\.js$/, (route) => route.abort('failed'));

    await page.goto(`/track/${delivery.orderId}`);

    await expect(page.getByTestId('tracking-map').getByRole('alert')).toHaveText('Error loading Google Maps');
    await expect(page.getByTestId('status-history').getByRole('listitem').first()).toContainText('Picked up');
  });

  test('tracking a second number replaces the map and the address without a script error', async ({ page, request, app }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      // The test tiles do not exist: their failed loads are expected, script errors are not.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
    });
    const token = await loginViaApi(request, app.account('CUSTOMER'));
    const first = await findDeliveryByStatus(request, token, 'in_transit');
    const second = await findDeliveryByStatus(request, token, 'picked_up');

    await page.goto('/tracking');
    await page.getByLabel('Tracking number').fill(first.orderId);
    await page.getByRole('button', { name: 'Track Package' }).click();
    await expect(page).toHaveURL(new RegExp(`/track/${first.orderId}$`));
    const map = page.getByTestId('tracking-map');
    await expect(map.locator('.leaflet-marker-icon[title="Origin"]')).toHaveCount(1);
    // Mid-move: the whole route being framed while the next number is tracked.
    await map.getByRole('button', { name: 'Show whole route' }).click();
    await page.getByLabel('Tracking number').fill(second.orderId);
    await page.getByLabel('Tracking number').press('Enter');
    await expect(page.getByRole('heading', { name: second.orderId })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/track/${second.orderId}$`));
    await expect(map.locator('.leaflet-marker-icon[title="Origin"]')).toHaveCount(1);
    await map.locator('.leaflet-marker-icon[title="Destination"]').focus();
    await page.keyboard.press('Enter');
    await expect(map.locator('.leaflet-popup')).toContainText('Destination');
    // And a third, with a popup open; then back to the second through the browser's history.
    await page.getByLabel('Tracking number').fill(first.orderId);
    await page.getByRole('button', { name: 'Track Package' }).click();
    await expect(page.getByRole('heading', { name: first.orderId })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/track/${first.orderId}$`));
    await page.goBack();
    await expect(page.getByRole('heading', { name: second.orderId })).toBeVisible();
    await expect(page.getByLabel('Tracking number')).toHaveValue(second.orderId);
    await page.waitForTimeout(1_000);
    expect(errors).toEqual([]);
  });
});
