import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, type Browser, chromium, type Page } from '@playwright/test';
import bwipjs from 'bwip-js/node';
import sharp from 'sharp';
import { expectAccessible } from '../fixtures/accessibility.js';
import { loginViaApi } from '../fixtures/api-helpers.js';
import { CHROMIUM, SUITE_CHROMIUM_ARGS } from '../fixtures/chromium.js';
import { expect, test } from '../fixtures/index.js';
import { submitLogin, toast } from './support/accounts.js';
import { loopbackPage, phone } from './support/personas.js';

// Field and booking journeys: the estimates on the booking form, a driver's run surviving an offline
// reload, and the pickup scan through a (fake) phone camera.

interface TJob {
  _id: string;
  orderId: string;
  status: string;
  pickupAddress: string;
  deliveryAddress: string;
}

async function driverJobs(request: APIRequestContext, token: string): Promise<TJob[]> {
  const response = await request.get('/api/v1/driver/deliveries', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: TJob[] }).data;
}

/** A signed-in context on a phone, on loopback only; `serviceWorkers` allowed where a journey needs the app shell offline. */
async function phonePage(browser: Browser, baseURL: string, serviceWorkers: 'allow' | 'block' = 'block') {
  const page = await loopbackPage(browser, baseURL, { ...phone, serviceWorkers });
  return { context: page.context(), page };
}

async function signIn(page: Page, email: string, password: string, landing: RegExp) {
  await submitLogin(page, email, password);
  await expect(page).toHaveURL(landing, { timeout: 20_000 });
}

/**
 * A Y4M video (what Chromium's fake camera plays) of the label's Code 128, drawn exactly as the label draws it
 * (bwip-js code128, scale 4, height 14: 668 px wide) on a white 800x600 frame, as a phone held over the label sees it.
 */
async function labelBarcodeVideo(orderId: string): Promise<string> {
  const barcode = await bwipjs.toBuffer({ bcid: 'code128', text: orderId, scale: 4, height: 14, includetext: false });
  const { width: w = 0, height: h = 0 } = await sharp(barcode).metadata();
  const [W, H] = [800, 600];
  const { data } = await sharp({ create: { width: W, height: H, channels: 3, background: '#ffffff' } })
    .composite([{ input: barcode, left: Math.round((W - w) / 2), top: Math.round((H - h) / 2) }])
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // The luma plane; chroma is neutral (128) for a black-and-white label.
  const chroma = Buffer.alloc((W / 2) * (H / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), data, chroma, chroma]);
  const file = join(tmpdir(), `label-${orderId}-${process.pid}.y4m`);
  await writeFile(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]));
  return file;
}

test.describe('field and booking', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the booking form shows each delivery type estimate and the late warning before submit, and the bell names its count', async ({
    page,
    app,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const customer = app.account('CUSTOMER');
    await signIn(page, customer.email, customer.password, /\/user\/home$/);
    await page.goto('/order-delivery');
    await expect(page.getByRole('combobox', { name: 'Pickup address' })).not.toHaveValue('');
    await page.getByRole('button', { name: 'Next' }).click();
    // After Next the new step's heading has the focus, named in full for screen readers.
    await expect(page.getByRole('heading', { name: 'Step 2 of 3: Recipient Information' })).toBeFocused();
    // Nothing is marked invalid before it was touched.
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
    await page.getByLabel('Recipient name').fill('Ward 4B');
    await page.getByLabel('Recipient phone').fill('(617) 555-0188');
    await page.getByLabel('Recipient e-mail').fill('ward4b@example.test');
    await page.getByRole('combobox', { name: 'Delivery address' }).fill('330 Brookline Ave, Boston, MA 02215');
    // Due in twenty minutes: no service level can make it.
    const soon = new Date(Date.now() + 20 * 60_000);
    const local = new Date(soon.getTime() - soon.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await page.getByLabel('Required by (date and time)').fill(local);
    const [quote] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/v1/deliveries/quote') && r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Next' }).click(),
    ]);
    expect(quote.status()).toBe(200);
    const body = (await quote.json()) as { quotes: { deliveryType: string; estimatedDelivery: string; meetsRequiredBy: boolean }[] };
    expect(body.quotes.map((q) => q.deliveryType)).toEqual(['STANDARD', 'EXPRESS', 'SAME_DAY', 'NEXT_DAY']);
    expect(body.quotes.every((q) => q.meetsRequiredBy === false)).toBe(true);

    for (const type of ['STANDARD', 'EXPRESS', 'SAME_DAY', 'NEXT_DAY']) {
      await expect(page.getByTestId(`estimate-${type}`)).toHaveText(/^Estimated (today|tomorrow|\w{3}, \w{3} \d+) by \d+:\d\d [AP]M$/);
    }
    const warning = page.getByRole('status').filter({ hasText: 'after your required-by time' });
    await expect(warning).toContainText('Standard is estimated');
    await expect(warning).toContainText('No delivery type makes it');
    // The warning sits in the form's flow: it never covers the buttons.
    const [w, submit] = [await warning.boundingBox(), await page.getByRole('button', { name: 'Submit Request' }).boundingBox()];
    expect(w && submit && w.y + w.height <= submit.y).toBe(true);
    await page.getByRole('radio', { name: /^Express/ }).check();
    await expect(warning).toContainText('Express is estimated');
    await expect(page.getByLabel('Special instructions (optional)')).toBeVisible();
    await expectAccessible(page, 'order form, package step with estimates and the late warning');
    await page.screenshot({ path: 'test-results/h27-quote-phone.png', fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.screenshot({ path: 'test-results/h27-quote-desktop.png', fullPage: true });

    // Booked: the customer has an unread notice, and the bell's name carries its visible count.
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByRole('heading', { name: 'Delivery request submitted successfully!' })).toBeVisible();
    await page.goto('/user/home');
    const bell = page.getByRole('button', { name: /^Notifications, \d+\+? unread$/ });
    await expect(bell).toBeVisible({ timeout: 15_000 });
    const count = (await page.getByTestId('notification-badge').textContent())?.trim() ?? '';
    await expect(bell).toHaveAccessibleName(`Notifications, ${count} unread`);
    await expectAccessible(page, 'customer dashboard with unread notices');
    await bell.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, 'notifications dialog with unread notices');
  });

  test("a driver's run survives a reload without signal, numbered in route order", async ({ browser, app, request }) => {
    const driver = app.account('DRIVER');
    const jobs = await driverJobs(request, await loginViaApi(request, driver));
    expect(jobs.length).toBeGreaterThan(1);
    const { context, page } = await phonePage(browser, app.baseURL, 'allow');
    await signIn(page, driver.email, driver.password, /\/driver\/home$/);
    const list = page.getByRole('list', { name: "Today's jobs" });
    await expect(list.getByRole('listitem')).toHaveCount(jobs.length);
    // Asked once, remembered: sharing the position is a question at the first job.
    await page.getByRole('region', { name: 'Share your location during jobs?' }).getByRole('button', { name: 'Not now' }).click();
    await expect(page.getByRole('region', { name: 'Share your location during jobs?' })).toHaveCount(0);
    // The app shell is cached by the service worker once it is ready and controls the page (from the next load).
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker?.controller), { timeout: 30_000 }).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await expect(list.getByRole('listitem')).toHaveCount(jobs.length, { timeout: 20_000 });
    await expect(page.getByText('Could not load your jobs')).toHaveCount(0);
    await expect(list).toContainText(jobs[0].orderId);
    // Stops to do are numbered 1, 2, 3 in route order.
    const stops = await list.getByRole('link').evaluateAll((links) => links.map((a) => a.textContent?.match(/^Job (\d+)/)?.[1] ?? null));
    const open = stops.filter((s): s is string => s !== null).map(Number);
    expect(open).toEqual(open.map((_, i) => i + 1));
    // The job page opens offline too, with its phones and the street address for the maps app.
    await list.getByRole('link').first().click();
    await expect(page.getByRole('link', { name: /^Open (pickup|drop-off) in maps$/ }).first()).toHaveAttribute(
      'href',
      /google\.com\/maps\/dir\/\?api=1&destination=[^&]*[A-Za-z]/,
    );
    await expect(page.getByRole('heading', { name: 'Share your location during jobs?' })).toHaveCount(0);
    // Dispatch is one tap away on every driver screen (DISPATCH_PHONE, through /api/v1/config).
    await expect(page.getByRole('link', { name: 'Call dispatch' })).toHaveAttribute('href', 'tel:+16175550100');
    await page.screenshot({ path: 'test-results/h27-driver-offline-job-phone.png', fullPage: true });
    await page.goBack();
    await page.screenshot({ path: 'test-results/h27-driver-offline-phone.png', fullPage: true });
    await context.setOffline(false);
    await context.close();
  });

  test("pickup reads the label's barcode through the phone camera", async ({ app, request }) => {
    const driver = app.account('DRIVER');
    const jobs = await driverJobs(request, await loginViaApi(request, driver));
    const job = jobs.find((j) => j.status === 'moving_to_pickup_location');
    if (!job) throw new Error('the demo driver has no job on the way to its pickup');
    const video = await labelBarcodeVideo(job.orderId);

    // Chromium's fake camera plays the label: the same path a phone's back camera takes.
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        ...SUITE_CHROMIUM_ARGS,
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      const { context, page } = await phonePage(browser, app.baseURL);
      await context.grantPermissions(['camera'], { origin: app.baseURL });
      await signIn(page, driver.email, driver.password, /\/driver\/home$/);
      await page.goto(`/driver/jobs/${job._id}/pickup`);
      await expect(page.getByRole('heading', { name: 'Check the parcel' })).toBeVisible();
      // The number it expects is nowhere on the screen: copying it would defeat the check.
      await expect(page.locator('main')).not.toContainText(job.orderId);
      await page.getByRole('button', { name: 'Scan the label' }).click();
      await expect(page.getByLabel('Tracking number on the label')).toHaveValue(job.orderId, { timeout: 30_000 });
      await expect(page.getByRole('button', { name: 'Scan the label' })).toBeVisible();
      await page.screenshot({ path: 'test-results/h27-scan-phone.png', fullPage: true });
      await page.getByRole('button', { name: 'Confirm pickup' }).click();
      await expect(toast(page, `#${job.orderId} picked up`)).toBeVisible();
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
