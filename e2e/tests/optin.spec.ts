import type { Page, Request } from '@playwright/test';
import { expect, test } from '../fixtures/index.js';

const NOTICE = 'By subscribing, you consent to receive SMS messages. Message & data rates may apply. Reply STOP to opt out.';
const banner = (page: Page) => page.getByRole('region', { name: 'SMS updates' });
const dismissedFlag = (page: Page) => page.evaluate(() => localStorage.getItem('optin-banner-dismissed'));
const isOptin = (request: Request) => request.url().endsWith('/api/v1/optform') && request.method() === 'POST';

/** Fake timers that move only when the test says (page.clock.runFor); installed before the page loads. */
async function freezeClock(page: Page) {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
}

/** The landing page on a frozen clock, before the banner's 2 s have passed. */
async function openLanding(page: Page) {
  await freezeClock(page);
  await page.goto('/');
  await expect(page.locator('#hero')).toBeVisible();
}

/** The banner has gone, the dismissal is stored, and it stays away after a reload. */
async function expectDismissedForGood(page: Page) {
  await expect(banner(page)).toHaveCount(0);
  expect(await dismissedFlag(page)).toBe('true');

  await page.reload();
  await expect(page.locator('#hero')).toBeVisible();
  await page.clock.runFor(5000);
  await expect(banner(page)).toHaveCount(0);
}

test.describe('SMS opt-in banner on the landing page', () => {
  test('appears 2 s after load with the consent notice word for word', async ({ page }) => {
    await openLanding(page);

    await page.clock.runFor(1900);
    await expect(banner(page)).toHaveCount(0);
    await page.clock.runFor(200);
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByText(NOTICE, { exact: true })).toBeVisible();
    await expect(banner(page).getByRole('textbox', { name: 'Phone number' })).toBeVisible();
    await expect(banner(page).getByRole('button', { name: 'Close' })).toBeVisible();
  });

  test('Enter submits; errors show their messages and clear when the number is edited', async ({ page }) => {
    await openLanding(page);
    await page.clock.runFor(2100);
    const phone = banner(page).getByRole('textbox', { name: 'Phone number' });

    await phone.press('Enter');
    await expect(banner(page).getByRole('alert')).toHaveText('Phone number is required');
    await phone.pressSequentially('0');
    await expect(banner(page).getByRole('alert')).toHaveCount(0);

    await phone.press('Enter');
    await expect(banner(page).getByRole('alert')).toHaveText('Please enter a valid phone number');
    await phone.fill('');
    await expect(banner(page).getByRole('alert')).toHaveCount(0);
  });

  test('subscribing sends SMS-only consent, hides the banner, and it stays hidden after a reload', async ({ page }) => {
    await openLanding(page);
    await page.clock.runFor(2100);

    await banner(page).getByRole('textbox', { name: 'Phone number' }).fill('+1 617 555 0199');
    const [request] = await Promise.all([page.waitForRequest(isOptin), banner(page).getByRole('textbox').press('Enter')]);
    expect(request.postDataJSON()).toEqual({
      phone: '+1 617 555 0199',
      consent: { sms: true, email: false, marketing: false },
      source: 'banner',
    });
    const response = await request.response();
    expect(response?.status()).toBe(200);

    await expectDismissedForGood(page);
  });

  test('closing it stores the dismissal, and it stays hidden after a reload', async ({ page }) => {
    await openLanding(page);
    await page.clock.runFor(2100);

    await banner(page).getByRole('button', { name: 'Close' }).click();
    await expectDismissedForGood(page);
  });

  test('it belongs to the landing page only', async ({ page }) => {
    await freezeClock(page);
    await page.goto('/optin');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.clock.runFor(3000);
    await expect(banner(page)).toHaveCount(0);
  });
});

test.describe('opt-in page', () => {
  test('checks the phone and the preferences, then says All set! with a way home', async ({ page }) => {
    await page.goto('/optin');
    await expect(page).toHaveTitle(/Stay Updated/);
    const phone = page.getByLabel('Phone number');
    const subscribe = page.getByRole('button', { name: 'Subscribe' });
    await expect(page.getByText(/By submitting, you agree to receive the updates you selected/)).toBeVisible();

    // Every problem at once, each beside its field; editing a field clears its own message.
    await subscribe.click();
    const alerts = page.getByRole('alert');
    await expect(alerts).toHaveText(['Phone number is required', 'Please select at least one communication preference']);

    await phone.fill('12');
    await expect(alerts).toHaveText(['Please select at least one communication preference']);
    await page.getByRole('checkbox', { name: /SMS updates/ }).check();
    await expect(alerts).toHaveCount(0);

    // A fragment is refused; a US number in its usual spelling is taken (the sign-up rule).
    await phone.fill('617555');
    await subscribe.click();
    await expect(alerts).toHaveText(['Please enter a valid phone number']);

    await phone.fill('(617) 555-0177');
    await page.getByRole('checkbox', { name: /SMS updates/ }).uncheck();
    await subscribe.click();
    await expect(alerts).toHaveText(['Please select at least one communication preference']);

    await page.getByRole('checkbox', { name: /SMS updates/ }).check();
    await expect(alerts).toHaveCount(0);
    await page.getByRole('checkbox', { name: /Service updates/ }).check();
    await page.getByLabel('Company').fill('Riverside Family Clinic');

    const [request] = await Promise.all([page.waitForRequest(isOptin), subscribe.click()]);
    expect(request.postDataJSON()).toEqual({
      phone: '(617) 555-0177',
      company: 'Riverside Family Clinic',
      consent: { sms: true, email: false, marketing: true },
      source: 'page',
    });

    await expect(page.getByRole('heading', { name: 'All set!' })).toBeVisible();
    const next = page.getByRole('link', { name: 'Continue' });
    await expect(next).toHaveAttribute('href', '/');
    await next.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#hero')).toBeVisible();
  });

  test('a company is optional and e-mail alone is a valid choice, with the address it goes to', async ({ page }) => {
    await page.goto('/optin');
    await page.getByLabel('Phone number').fill('+447700900123');
    await page.getByRole('checkbox', { name: /Email updates/ }).check();
    // E-mail updates need an address: asked for once the box is ticked, required, and checked before anything is sent.
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter the e-mail address for e-mail updates');
    await page.getByLabel(/E-mail address/).fill('lab@northlab.test');
    await page.screenshot({ path: 'test-results/optin-email-desktop.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/optin-email-phone.png', fullPage: true });
    const [request] = await Promise.all([page.waitForRequest(isOptin), page.getByRole('button', { name: 'Subscribe' }).click()]);
    expect(request.postDataJSON()).toEqual({
      phone: '+447700900123',
      email: 'lab@northlab.test',
      consent: { sms: false, email: true, marketing: false },
      source: 'page',
    });
    await expect(page.getByRole('heading', { name: 'All set!' })).toBeVisible();
  });
});
