import { expect, test } from '../fixtures/index.js';

test.describe('foundation', () => {
  test('the landing page loads with the MedCourier title and a heading', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/MedCourier/);
    await expect(page.getByRole('heading').first()).toBeVisible();
  });

  test('an unknown route shows the not-found page with a way home', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByText('Page Not Found')).toBeVisible();
    await expect(page.getByText("We couldn't find the page you're looking for.")).toBeVisible();
    const home = page.getByRole('link', { name: 'Return Home' });
    await expect(home).toBeVisible();
    await expect(home).toHaveAttribute('href', '/');
  });

  test('a signed-out visitor opening /deliveries lands on the login page', async ({ page }) => {
    await page.goto('/deliveries');
    await expect(page).toHaveURL(/\/auth\/login(\?|$)/);
  });

  test('an unknown API path answers 404 JSON with success false', async ({ context }) => {
    const response = await context.request.get('/api/nope');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('application/json');
    expect(await response.json()).toMatchObject({ success: false });
  });
});
