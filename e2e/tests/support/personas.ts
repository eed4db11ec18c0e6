/**
 * Browsers for the people of a journey: a desktop for the office, a phone for the driver, each a fresh context
 * in New York that may reach only the test server, signed in through the login page.
 */
import { type Browser, type BrowserContextOptions, devices, expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { submitLogin } from './accounts.js';

export const desktop: BrowserContextOptions = { viewport: { width: 1366, height: 900 } };
// A phone in one hand: Pixel 7 size and touch, in our Chromium.
const { defaultBrowserType: _ignored, ...pixel } = devices['Pixel 7'];
export const phone: BrowserContextOptions = { ...pixel, viewport: { width: 390, height: 844 } };

/** A fresh page for one person, on loopback only (service workers blocked unless `options` allows them). */
export async function loopbackPage(browser: Browser, baseURL: string, options: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    locale: 'en-US',
    timezoneId: 'America/New_York',
    ...options,
    baseURL,
  });
  await context.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol.startsWith('http'),
    (route) => route.abort('blockedbyclient'),
  );
  return context.newPage();
}

/** A fresh signed-in browser for one person, landing where their role lands. */
export async function personaPage(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions,
  email: string,
  password: string,
  landing: RegExp,
): Promise<Page> {
  const page = await loopbackPage(browser, baseURL, options);
  await submitLogin(page, email, password);
  await expect(page).toHaveURL(landing, { timeout: 20_000 });
  if (landing.source.includes('driver')) {
    // The one-time location question, answered as a driver would: its banner pushes the page down under a click.
    await page.getByRole('region', { name: 'Share your location during jobs?' }).getByRole('button', { name: 'Not now' }).click();
  }
  return page;
}

/** A real JPEG, as a phone camera hands it over. */
export const cameraPhoto = (background = '#3b7d4f') =>
  sharp({ create: { width: 80, height: 60, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** Screenshots for a human to look at, when the folder is named in the environment. */
export const screenshotsTo =
  (folder: string | undefined) =>
  async (page: Page, name: string): Promise<void> => {
    if (folder) await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
  };
