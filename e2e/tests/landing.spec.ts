import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/index.js';

/** Where a section's top edge is in the viewport, in px. */
const topOf = (page: Page, id: string) =>
  page.evaluate((sectionId) => document.getElementById(sectionId)?.getBoundingClientRect().top ?? NaN, id);
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** Fake timers that move only when the test says (page.clock.runFor); installed before the page loads. */
async function freezeClock(page: Page) {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
}

test.describe('landing page', () => {
  test.beforeEach(async ({ page }) => {
    // The SMS banner has its own journeys (optin.spec.ts); here it would only cover the lower sections.
    await page.addInitScript(() => localStorage.setItem('optin-banner-dismissed', 'true'));
  });

  test('a signed-out visitor sees every section, the hero sign-up and sign-in buttons and its links', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');

    const hero = page.locator('#hero');
    await expect(hero.getByRole('heading', { level: 1 })).toHaveText(/Delivering trust, speed and efficacy/);
    await expect(hero.getByRole('link', { name: 'SIGN UP NOW' })).toHaveAttribute('href', '/auth/signup');
    await expect(hero.getByRole('link', { name: 'SIGN IN' })).toHaveAttribute('href', '/auth/login');
    await expect(hero.getByRole('link', { name: 'Account' })).toHaveCount(0);

    for (const id of ['hero', 'services', 'about', 'contact']) await expect(page.locator(`#${id}`)).toBeAttached();
    await expect(page.getByRole('heading', { name: /every step on record/ })).toBeVisible();
    await expect(page.getByText('Our Process', { exact: true })).toBeVisible();

    await expect(page.getByRole('link', { name: 'Make a Request' })).toHaveAttribute('href', '/order-delivery');
    await expect(page.getByRole('link', { name: 'Request a Delivery now' })).toHaveAttribute('href', '/order-delivery');
    for (const link of await page.getByRole('link', { name: 'Track a Package' }).all()) {
      await expect(link).toHaveAttribute('href', '/tracking');
    }
    await expect(page.locator('#services').getByText('32%', { exact: true })).toBeVisible();

    // Contact: phone, e-mail, website, business hours and the office on a map (whose test tiles do not exist).
    const contact = page.locator('#contact');
    await expect(contact.getByRole('link', { name: '+1 (617) 555-0142' })).toHaveAttribute('href', 'tel:+16175550142');
    await expect(contact.getByRole('link', { name: 'hello@medcourier.example' })).toHaveAttribute(
      'href',
      'mailto:hello@medcourier.example',
    );
    await expect(contact.getByRole('link', { name: 'www.medcourier.example' })).toBeVisible();
    await expect(contact.getByText('08:00 am to 06:00 pm')).toBeVisible();
    await expect(contact.getByText('Closed', { exact: true })).toBeVisible();
    await contact.scrollIntoViewIfNeeded();
    await expect(contact.locator('.leaflet-container')).toBeVisible();
    await expect(contact.locator('.leaflet-marker-icon')).toHaveCount(1);
    await expect(contact.getByText('MedCourier office')).toBeVisible();

    // Footer: quick links, contact information, legal links and this year.
    const footer = page.getByRole('contentinfo');
    for (const name of ['Home', 'About Us', 'Services', 'Contact'])
      await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', '/terms');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} MedCourier`);

    expect(errors).toEqual([]);
  });

  test('a signed-in customer sees one Account button to /user/home instead of sign-up and sign-in', async ({ page, request, app }) => {
    const account = app.account('CUSTOMER');
    const response = await request.post('/api/v1/auth/login', { data: { email: account.email, password: account.password } });
    const { data } = (await response.json()) as { data: { token: string; refreshToken: string; user: unknown } };
    expect(response.ok()).toBe(true);
    await page.addInitScript((session) => {
      localStorage.setItem('token', session.token);
      localStorage.setItem('refreshToken', session.refreshToken);
      localStorage.setItem('user', JSON.stringify(session.user));
    }, data);

    await page.goto('/');
    const hero = page.locator('#hero');
    await expect(hero.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/user/home');
    await expect(hero.getByRole('link', { name: 'SIGN UP NOW' })).toHaveCount(0);
    await expect(hero.getByRole('link', { name: 'SIGN IN' })).toHaveCount(0);
  });

  test('on / a header link scrolls smoothly to its section over 300 ms', async ({ page }) => {
    await freezeClock(page);
    await page.goto('/');
    await expect(page.locator('#services')).toBeAttached();
    expect(await scrollY(page)).toBe(0);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'SERVICES' }).click();
    await page.clock.runFor(150);
    const midway = await scrollY(page);
    expect(midway).toBeGreaterThan(0);
    expect(await topOf(page, 'services')).toBeGreaterThan(50);

    await page.clock.runFor(200);
    expect(Math.abs(await topOf(page, 'services'))).toBeLessThanOrEqual(1);
    await expect(page).toHaveURL(/\/$/);
  });

  test('from another page a header link goes to / and scrolls over 800 ms to 70 px below the top', async ({ page }) => {
    await freezeClock(page);
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeVisible();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'ABOUT US' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#about')).toBeAttached();

    // A few frames for the section to be found and the scroll to start, then it is still under way at ~400 ms.
    await page.clock.runFor(50);
    await page.clock.runFor(400);
    expect(await scrollY(page)).toBeGreaterThan(0);
    expect(await topOf(page, 'about')).toBeGreaterThan(75);

    await page.clock.runFor(450);
    expect(Math.abs((await topOf(page, 'about')) - 70)).toBeLessThanOrEqual(1);
  });

  test('the phone menu opens, and choosing a link closes it and scrolls to the section', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'SIGN IN' })).toBeVisible();

    await menu.getByRole('link', { name: 'CONTACT US' }).click();
    await expect(menu).toBeHidden();
    await expect.poll(() => topOf(page, 'contact')).toBeLessThanOrEqual(1);
    await expect.poll(() => topOf(page, 'contact')).toBeGreaterThanOrEqual(-1);
  });

  test('the testimonials advance every 5 s and wrap; dots and side avatars choose one', async ({ page }) => {
    await freezeClock(page);
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'What our customers say' });
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel).toContainText('Dr. Amelia Hart');

    await page.clock.runFor(4900);
    await expect(carousel).toContainText('Dr. Amelia Hart');
    await page.clock.runFor(200);
    await expect(carousel).toContainText('Marcus Chen');

    await carousel.getByRole('button', { name: 'Show testimonial 4 of 4' }).click();
    await expect(carousel).toContainText("James O'Connell");
    await expect(carousel.getByRole('button', { name: 'Show testimonial 4 of 4' })).toHaveAttribute('aria-current', 'true');

    // From the last one it wraps to the first.
    await page.clock.runFor(5000);
    await expect(carousel).toContainText('Dr. Amelia Hart');

    // Side avatars: the next one and the previous one (which wraps to the last).
    await carousel.getByRole('button', { name: 'Show testimonial from Marcus Chen' }).click();
    await expect(carousel).toContainText('Marcus Chen');
    await carousel.getByRole('button', { name: 'Show testimonial from Dr. Amelia Hart' }).click();
    await expect(carousel).toContainText('Dr. Amelia Hart');
    await carousel.getByRole('button', { name: "Show testimonial from James O'Connell" }).click();
    await expect(carousel).toContainText("James O'Connell");
  });

  test('the terms and privacy pages are real documents reachable from the footer', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByText(/Last updated:/)).toBeVisible();
    await expect(page.getByRole('heading', { name: /How long we keep it/ })).toBeVisible();

    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms & Conditions' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'SMS terms' })).toBeVisible();
    await expect(page.getByText(/Reply STOP to any message to opt out/)).toBeVisible();
    await expect(page.getByText(/Reply HELP for help/)).toBeVisible();
  });
});
