import { feedbackOpen, findDeliveryByStatus, loginViaApi } from '../fixtures/api-helpers.js';
import { expect, test } from '../fixtures/index.js';

test.describe('delivery feedback', () => {
  test('a visitor rates a delivered order from its tracking page and is taken back to tracking', async ({ page, request, app }) => {
    const token = await loginViaApi(request, app.account('CUSTOMER'));
    // Journeys share one server: take a delivered order nobody has rated yet.
    const delivery = await findDeliveryByStatus(request, token, 'delivered', (d) => feedbackOpen(request, d.orderId));

    await page.goto(`/track/${delivery.orderId}`);
    await page.getByRole('link', { name: 'Leave feedback' }).click();
    await expect(page).toHaveURL(new RegExp(`/track/${delivery.orderId}/feedback$`));

    // Order id and status are shown.
    await expect(page.getByText(`#${delivery.orderId}`)).toBeVisible();
    await expect(page.locator('[data-status="delivered"]')).toHaveText('Delivered');

    // No rating yet: the form says so and sends nothing.
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please select a rating before submitting');

    // Hovering lights the stars up to the pointer; choosing one keeps it.
    const stars = page.locator('svg[data-lit]');
    await page.getByLabel('3 stars, Good').locator('..').hover();
    await expect(stars).toHaveCount(3);
    await page.getByLabel('4 stars, Very good').locator('..').click();
    await page.mouse.move(0, 0);
    await expect(stars).toHaveCount(4);
    await expect(page.getByRole('alert')).toHaveCount(0);

    await page.getByLabel('Comment (optional)').fill('Arrived cold and on time, thank you.');
    await expect(page.getByText('36/1000')).toBeVisible();
    await page.getByRole('button', { name: 'Submit Feedback' }).click();

    await expect(page.getByRole('status').filter({ hasText: 'Thank you for your feedback!' })).toBeVisible();
    // After 2 s: /track/{orderId}, which shows the order and stays in the address.
    await expect(page).toHaveURL(new RegExp(`/track/${delivery.orderId}$`), { timeout: 6_000 });
    await expect(page.getByRole('heading', { name: delivery.orderId })).toBeVisible();
    await expect(page.getByText('your feedback on this delivery has been received')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Leave feedback' })).toHaveCount(0);

    // A second visit to the form is told feedback was already given.
    await page.goto(`/track/${delivery.orderId}/feedback`);
    await expect(page.getByText('Feedback has already been submitted for this delivery')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit Feedback' })).toHaveCount(0);
  });

  test('an order still on its way cannot be rated yet', async ({ page, request, app }) => {
    const token = await loginViaApi(request, app.account('CUSTOMER'));
    const delivery = await findDeliveryByStatus(request, token, 'in_transit');

    await page.goto(`/track/${delivery.orderId}/feedback`);

    await expect(page.getByText(`#${delivery.orderId}`)).toBeVisible();
    await expect(page.getByText('Feedback can be left once the delivery is delivered')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Track this package' })).toHaveAttribute('href', `/track/${delivery.orderId}`);
  });
});
