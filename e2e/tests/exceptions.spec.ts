import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from '../fixtures/accessibility.js';
import { loginViaApi } from '../fixtures/api-helpers.js';
import { expect, test } from '../fixtures/index.js';
import { toast } from './support/accounts.js';
import { cameraPhoto, desktop, personaPage, phone, screenshotsTo } from './support/personas.js';

/**
 * Exceptions: a drop that fails has a path. A driver fails a drop offline and syncs; dispatch re-attempts with
 * another driver, who delivers; a second parcel fails twice and goes back to its sender, who signs for it;
 * the customer sees both stories and gets the e-mails; the public sees the impersonal words only.
 */

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const shot = screenshotsTo(process.env.SHOTS_DIR);

const closedDoorPhoto = () => cameraPhoto('#7d3b3b');
const signaturePng = () =>
  sharp({ create: { width: 40, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } } })
    .png()
    .toBuffer();

interface Tokens {
  customer: string;
  staff: string;
  driver: string;
  driver2: string;
}

/** A fresh delivery of the seeded customer, driven through the API to in_transit by the given driver. */
async function parcelInTransit(request: APIRequestContext, t: Tokens, driverEmail: string, driverToken: string, recipientEmail: string) {
  const created = await request.post('/api/v1/deliveries', {
    headers: bearer(t.customer),
    multipart: {
      senderPhone: '+1 (617) 555-0100',
      pickupAddress: '55 Fruit St, Boston, MA 02114',
      recipientName: 'Ward 9 Exceptions',
      recipientPhone: '617-555-0199',
      recipientEmail,
      deliveryAddress: '330 Brookline Ave, Boston, MA 02215',
      requiredBy: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      packageType: 'MEDICATION',
      packageSize: 'small',
      deliveryType: 'EXPRESS',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { _id: id, orderId } = ((await created.json()) as { data: { _id: string; orderId: string } }).data;
  expect((await request.post(`/api/v1/admin/deliveries/${id}/approve`, { headers: bearer(t.staff), data: {} })).ok()).toBe(true);
  const drivers = (await (await request.get('/api/v1/admin/drivers', { headers: bearer(t.staff) })).json()) as {
    data: Array<{ _id: string; email: string }>;
  };
  const driverId = drivers.data.find((d) => d.email === driverEmail)?._id;
  expect((await request.post(`/api/v1/admin/deliveries/${id}/assign`, { headers: bearer(t.staff), data: { driverId } })).ok()).toBe(true);
  for (const body of [
    { status: 'moving_to_pickup_location' },
    { status: 'picked_up', scannedOrderId: orderId },
    { status: 'in_transit' },
  ]) {
    const moved = await request.post(`/api/v1/driver/deliveries/${id}/status`, { headers: bearer(driverToken), data: body });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
  return { id, orderId };
}

async function deliveryOf(request: APIRequestContext, token: string, id: string) {
  const res = await request.get(`/api/v1/deliveries/${id}`, { headers: bearer(token) });
  expect(res.ok()).toBe(true);
  return (
    (await res.json()) as { data: { status: string; attempts: Array<{ reason: string; photo: string | null; decision: string | null }> } }
  ).data;
}

test.describe('exceptions: failed attempts, re-attempts and returns', () => {
  test.describe.configure({ timeout: 360_000 });

  test('a failed drop offline, a re-attempt by another driver, a parcel returned after two attempts; everyone told', async ({
    browser,
    app,
    request,
    mail,
  }) => {
    const customerAccount = app.account('CUSTOMER');
    const staffAccount = app.account('STAFF');
    const driverAccount = app.account('DRIVER');
    const driver2 = { email: 'driver2@medcourier.example', password: 'Driver#Courier2026' };
    const t: Tokens = {
      customer: await loginViaApi(request, customerAccount),
      staff: await loginViaApi(request, staffAccount),
      driver: await loginViaApi(request, driverAccount),
      driver2: await loginViaApi(request, driver2),
    };
    const first = await parcelInTransit(request, t, driverAccount.email, t.driver, 'ward9a@example.test');
    const second = await parcelInTransit(request, t, driverAccount.email, t.driver, 'ward9b@example.test');

    // 1. The driver cannot hand the first parcel over, with no network: the attempt and its photo wait on the phone.
    const driver = await personaPage(browser, app.baseURL, phone, driverAccount.email, driverAccount.password, /\/driver\/home$/);
    await driver.getByRole('link', { name: new RegExp(`#${first.orderId}`) }).click();
    await expect(driver.getByRole('button', { name: 'Deliver with proof' })).toBeVisible();
    await driver.context().setOffline(true);
    await driver.getByRole('link', { name: 'Could not deliver' }).click();
    await expect(driver.getByRole('heading', { name: 'Could not deliver' })).toBeVisible();
    await driver.getByRole('button', { name: 'Record failed attempt' }).click();
    await expect(driver.getByText('Choose why the drop failed')).toBeVisible();
    await driver.getByRole('radio', { name: /Recipient absent/ }).check();
    await driver.getByLabel('Note (optional)').fill('Rang twice, nobody at the desk');
    await driver.getByLabel('Take a photo').setInputFiles({ name: 'door.jpg', mimeType: 'image/jpeg', buffer: await closedDoorPhoto() });
    await expect(driver.getByRole('img', { name: 'The drop-off' })).toBeVisible();
    await expectAccessible(driver, 'driver could-not-deliver page');
    await shot(driver, 'driver-could-not-deliver-390');
    await driver.getByRole('button', { name: 'Record failed attempt' }).click();
    await expect(toast(driver, 'Attempt saved on this phone; it will be sent when the network returns.')).toBeVisible();
    await expect(driver.getByTestId('outbox-banner')).toContainText('2 updates saved on this phone');
    await expect(driver.getByText(/Keep the parcel on board/)).toBeVisible();
    expect((await deliveryOf(request, t.customer, first.id)).status).toBe('in_transit');
    await driver.context().setOffline(false);
    await expect(toast(driver, '2 saved updates sent')).toBeVisible({ timeout: 20_000 });
    const failed = await deliveryOf(request, t.customer, first.id);
    expect(failed.status).toBe('failed_attempt');
    // Not done: the parcel is still with the driver, waiting for dispatch's call.
    await expect(driver.getByText('Back on board: re-attempt or return').first()).toBeVisible();
    await expect(driver.getByText("Done on today's run")).toHaveCount(0);
    expect(failed.attempts).toEqual([
      expect.objectContaining({ reason: 'recipient_absent', photo: expect.stringMatching(/\/api\/v1\/files\//) }),
    ]);

    // 2. Dispatch sees it in the exceptions queue and sends Ana Ruiz to collect it from Marcus and deliver it.
    const dispatch = await personaPage(browser, app.baseURL, desktop, staffAccount.email, staffAccount.password, /\/admin\/dashboard$/);
    const exceptions = dispatch.getByRole('region', { name: /Exceptions/ });
    const firstCard = exceptions.getByRole('listitem', { name: `Delivery #${first.orderId}` });
    await expect(firstCard).toContainText('Attempt 1 failed: Recipient absent');
    await expect(firstCard.getByRole('link', { name: 'Photo' })).toBeVisible();
    await expectAccessible(dispatch, 'dispatch board with the exceptions queue');
    await shot(dispatch, 'dispatch-exceptions-1366');
    await firstCard.getByRole('button', { name: `Re-attempt #${first.orderId}` }).click();
    const reattempt = dispatch.getByRole('dialog', { name: `Re-attempt #${first.orderId}` });
    await reattempt.getByRole('radio', { name: /Ana Ruiz/ }).check();
    await expectAccessible(dispatch, 'dispatch re-attempt dialog');
    await shot(dispatch, 'dispatch-reattempt-dialog-1366');
    await reattempt.getByRole('button', { name: 'Schedule re-attempt' }).click();
    await expect(toast(dispatch, `#${first.orderId}: re-attempt scheduled with Ana Ruiz`)).toBeVisible();

    // Ana collects it from Marcus with the label scan (a custody hand-over) and delivers it.
    const jobs = (await (await request.get('/api/v1/driver/deliveries', { headers: bearer(t.driver2) })).json()) as {
      data: Array<{ _id: string; collectFrom: string | null }>;
    };
    expect(jobs.data.find((j) => j._id === first.id)?.collectFrom).toBe('Marcus Bell');
    for (const body of [
      { status: 'moving_to_pickup_location' },
      { status: 'picked_up', scannedOrderId: first.orderId },
      { status: 'in_transit' },
    ]) {
      expect((await request.post(`/api/v1/driver/deliveries/${first.id}/status`, { headers: bearer(t.driver2), data: body })).ok()).toBe(
        true,
      );
    }
    const pod = await request.post(`/api/v1/driver/deliveries/${first.id}/pod`, {
      headers: bearer(t.driver2),
      multipart: {
        recipientName: 'Ward 9 desk',
        signature: { name: 'signature.png', mimeType: 'image/png', buffer: await signaturePng() },
      },
    });
    expect(pod.ok(), await pod.text()).toBe(true);

    // 3. The second parcel fails twice; past the limit dispatch can only return it.
    const fail = async (reason: string) =>
      expect(
        (
          await request.post(`/api/v1/driver/deliveries/${second.id}/status`, {
            headers: bearer(t.driver),
            data: { status: 'failed_attempt', reason },
          })
        ).ok(),
      ).toBe(true);
    await fail('access_denied');
    const window = { from: new Date(Date.now() + 3_600_000).toISOString(), to: new Date(Date.now() + 3 * 3_600_000).toISOString() };
    expect(
      (await request.post(`/api/v1/admin/deliveries/${second.id}/reattempt`, { headers: bearer(t.staff), data: { window } })).ok(),
    ).toBe(true);
    await fail('recipient_absent');
    await dispatch.reload();
    const secondCard = dispatch.getByRole('region', { name: /Exceptions/ }).getByRole('listitem', { name: `Delivery #${second.orderId}` });
    await expect(secondCard).toContainText('No attempts left: return only');
    await expect(secondCard.getByRole('button', { name: `Re-attempt #${second.orderId}` })).toHaveCount(0);
    await secondCard.getByRole('button', { name: `Return #${second.orderId} to sender` }).click();
    const returnDialog = dispatch.getByRole('dialog', { name: `Return #${second.orderId} to the sender?` });
    await returnDialog.getByRole('button', { name: 'Return to sender' }).click();
    await expect(returnDialog.getByText('Note is required')).toBeVisible();
    await expectAccessible(dispatch, 'dispatch return dialog');
    await returnDialog.getByLabel('Why it goes back').fill('Two attempts failed; the pharmacy takes it back');
    await returnDialog.getByRole('button', { name: 'Return to sender' }).click();
    await expect(toast(dispatch, `#${second.orderId} returns to the sender`)).toBeVisible();

    // The driver takes it back and the pharmacy signs for it.
    await driver.goto('/driver/home');
    await driver.getByRole('link', { name: new RegExp(`#${second.orderId}`) }).click();
    await expect(driver.getByText(/Return to sender: take the parcel back/)).toBeVisible();
    await expect(driver.getByRole('region', { name: 'Return to sender' })).toContainText('55 Fruit St');
    await shot(driver, 'driver-returning-job-390');
    await driver.getByRole('button', { name: 'Hand back with proof' }).click();
    await expect(driver.getByRole('heading', { name: 'Hand back to the sender' })).toBeVisible();
    const pad = driver.getByTestId('signature-pad');
    await pad.scrollIntoViewIfNeeded();
    const box = await pad.boundingBox();
    if (!box) throw new Error('no signature pad');
    await driver.mouse.move(box.x + 30, box.y + box.height * 0.6);
    await driver.mouse.down();
    for (let i = 1; i <= 10; i++) await driver.mouse.move(box.x + 30 + i * 18, box.y + box.height * (0.7 - (i % 3) * 0.15), { steps: 2 });
    await driver.mouse.up();
    await driver.getByLabel('Taken back by').fill('Pharmacy desk');
    await expectAccessible(driver, 'driver hand-back page');
    await driver.getByRole('button', { name: 'Confirm hand-back' }).click();
    await expect(toast(driver, `#${second.orderId} returned to sender`)).toBeVisible();
    expect((await deliveryOf(request, t.customer, second.id)).status).toBe('returned');

    // 4. The customer sees both stories.
    const customer = await personaPage(browser, app.baseURL, desktop, customerAccount.email, customerAccount.password, /\/user\/home$/);
    await customer.goto(`/delivery/${first.id}`);
    const card = (title: string) =>
      customer
        .locator('section')
        .filter({ has: customer.getByRole('heading', { name: title, exact: true }) })
        .last();
    const attempts = card('Delivery attempts');
    await expect(attempts).toContainText('Attempt 1: Recipient absent');
    await expect(attempts.getByRole('link', { name: "Driver's photo" })).toBeVisible();
    await expect(customer.getByRole('list', { name: 'Delivery timeline' })).toContainText('Delivery attempted');
    await expectAccessible(customer, 'customer delivery page with attempts');
    await shot(customer, 'customer-delivered-after-reattempt-1366');
    await customer.goto(`/delivery/${second.id}`);
    const back = card('Return to sender');
    await expect(back).toContainText('handed back to Pharmacy desk');
    await expect(back).toContainText('Attempt 2: Recipient absent');
    await shot(customer, 'customer-returned-1366');
    await customer.goto('/deliveries?status=returned');
    await expect(customer.locator('#filter-status')).toHaveValue('returned');
    await expect(customer.getByText(`#${second.orderId}`)).toBeVisible();

    // The public timeline says what happened in plain, impersonal words.
    await customer.goto(`/track/${second.orderId}`);
    const history = customer.getByTestId('status-history');
    await expect(history).toContainText('Returned');
    await expect(history).toContainText('Returning to sender');
    await expect(history).toContainText('Delivery attempted: no access');
    await expect(history).toContainText('Delivery attempted: recipient absent');

    // And the e-mails: the owner on every exception, the recipient "we missed you" with the link and the window.
    const orderFirst = first.orderId;
    await mail.waitFor({ to: customerAccount.email, subject: new RegExp(`^${orderFirst}: Delivery attempted$`) });
    await mail.waitFor({ to: customerAccount.email, subject: new RegExp(`^${orderFirst}: New delivery attempt$`) });
    const missed = await mail.waitFor({ to: 'ward9a@example.test', subject: new RegExp(`^${orderFirst}: We missed you$`) });
    expect(missed.text).toContain(`/track/${orderFirst}`);
    const window2 = await mail.waitFor({ to: 'ward9a@example.test', subject: new RegExp(`^${orderFirst}: We missed you$`) });
    expect(window2.text).toMatch(/next delivery window is between/);
    await mail.waitFor({ to: customerAccount.email, subject: new RegExp(`^${second.orderId}: Returning to sender$`) });
    const returned = await mail.waitFor({ to: customerAccount.email, subject: new RegExp(`^${second.orderId}: Returned to sender$`) });
    expect(returned.text).not.toContain('Ward 9');

    for (const page of [driver, dispatch, customer]) await page.context().close();
  });
});
