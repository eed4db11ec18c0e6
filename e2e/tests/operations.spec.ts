import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { loginViaApi } from '../fixtures/api-helpers.js';
import { expect, test } from '../fixtures/index.js';
import { toast } from './support/accounts.js';
import { cameraPhoto, desktop, personaPage, phone } from './support/personas.js';

function daysAhead(days: number, time = '10:30'): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return `${date.toISOString().slice(0, 10)}T${time}`;
}

/** The customer's request wizard, the shortest honest way through. */
async function requestDelivery(page: Page, recipient: string): Promise<string> {
  await page.goto('/order-delivery');
  await expect(page.getByRole('combobox', { name: 'Pickup address' })).not.toHaveValue('');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Recipient name').fill(recipient);
  await page.getByLabel('Recipient phone').fill('(617) 555-0188');
  await page.getByLabel('Recipient e-mail').fill('ward4b@example.test');
  await page.getByRole('combobox', { name: 'Delivery address' }).fill('330 Brookline Ave, Boston, MA 02215');
  await page.getByLabel('Required by (date and time)').fill(daysAhead(2));
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Package type').selectOption('MEDICATION');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByRole('heading', { name: 'Delivery request submitted successfully!' })).toBeVisible();
  const orderId = (await page.getByText(/^MC[0-9A-Z]{10}$/).textContent())?.trim() ?? '';
  expect(orderId).toMatch(/^MC[0-9A-Z]{10}$/);
  return orderId;
}

/** A few strokes of a finger on the signature pad. */
async function sign(page: Page) {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 30, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 30 + i * 18, box.y + box.height * (0.7 - (i % 3) * 0.15), { steps: 2 });
  await page.mouse.up();
}

test.describe('operations', () => {
  test.describe.configure({ timeout: 360_000 });

  test('a request goes from the customer through dispatch and the driver to proof, tracking and feedback', async ({ browser, app }) => {
    const base = app.baseURL;
    const customerAccount = app.account('CUSTOMER');
    const recipient = `Ward 4B ${Date.now().toString(36)}`;

    // The customer requests.
    const customer = await personaPage(browser, base, desktop, customerAccount.email, customerAccount.password, /\/user\/home$/);
    const orderId = await requestDelivery(customer, recipient);

    // Staff approve, then assign the seeded driver from the dialog listing drivers with their load.
    const staffAccount = app.account('STAFF');
    const staff = await personaPage(browser, base, desktop, staffAccount.email, staffAccount.password, /\/admin\/dashboard$/);
    await staff.getByRole('searchbox', { name: 'Search deliveries' }).fill(orderId);
    const toApprove = staff.getByRole('region', { name: 'To approve' });
    await toApprove.getByRole('button', { name: `Approve #${orderId}` }).click();
    await expect(toast(staff, `#${orderId} approved`)).toBeVisible();
    const toAssign = staff.getByRole('region', { name: 'To assign' });
    await toAssign.getByRole('button', { name: `Assign #${orderId}`, exact: true }).click();
    const dialog = staff.getByRole('dialog', { name: `Assign #${orderId}` });
    await expect(dialog.getByText(/\d+ jobs?$/).first()).toBeVisible();
    await dialog.getByRole('radio', { name: /Marcus Bell/ }).check();
    await dialog.getByRole('button', { name: 'Assign driver' }).click();
    await expect(toast(staff, `#${orderId} assigned to Marcus Bell`)).toBeVisible();
    await expect(staff.getByRole('region', { name: 'On the road' }).getByRole('listitem', { name: `Delivery #${orderId}` })).toBeVisible();

    // The driver, on a phone: the job is on today's run.
    const driverAccount = app.account('DRIVER');
    const driver = await personaPage(browser, base, phone, driverAccount.email, driverAccount.password, /\/driver\/home$/);
    await driver.getByRole('link', { name: new RegExp(`#${orderId}`) }).click();
    await expect(driver.getByRole('heading', { name: `#${orderId}` })).toBeVisible();
    await expect(driver.getByRole('link', { name: /^Call Dr|^Call / }).first()).toHaveAttribute('href', /^tel:\+?\d+$/);
    await expect(driver.getByRole('link', { name: 'Open drop-off in maps' })).toHaveAttribute('href', /google\.com\/maps/);
    await driver.getByRole('button', { name: 'Start pickup run' }).click();
    await expect(driver.getByText('Moving to pickup').first()).toBeVisible();

    // The pickup check: a wrong number is refused on the spot, the right one picks the parcel up.
    await driver.getByRole('button', { name: 'Check parcel & pick up' }).click();
    await expect(driver.getByRole('heading', { name: 'Check the parcel' })).toBeVisible();
    await driver.getByLabel('Tracking number on the label').fill('MC0000000000');
    await driver.getByRole('button', { name: 'Confirm pickup' }).click();
    await expect(driver.getByText(`This label reads MC0000000000: it is not this job's parcel. Check the parcel.`)).toBeVisible();
    await driver.getByLabel('Tracking number on the label').fill(orderId.toLowerCase());
    await driver.getByRole('button', { name: 'Confirm pickup' }).click();
    await expect(toast(driver, `#${orderId} picked up`)).toBeVisible();
    await driver.getByRole('button', { name: 'Start delivery run' }).click();
    await expect(driver.getByText('In transit').first()).toBeVisible();

    // Proof of delivery: medication needs the signature; photo, signature, who received it.
    await driver.getByRole('button', { name: 'Deliver with proof' }).click();
    await expect(driver.getByRole('heading', { name: 'Proof of delivery' })).toBeVisible();
    await driver.getByLabel('Received by').fill('Nurse Ama Boateng');
    await driver.getByRole('button', { name: 'Confirm delivery' }).click();
    await expect(driver.getByText("A medication delivery needs the recipient's signature.")).toBeVisible();
    await driver.getByLabel('Take a photo').setInputFiles({ name: 'door.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto() });
    await sign(driver);
    await driver.getByLabel('Notes (optional)').fill('Handed over at the ward desk.');
    await driver.getByRole('button', { name: 'Confirm delivery' }).click();
    await expect(toast(driver, `#${orderId} delivered`)).toBeVisible();
    await expect(driver).toHaveURL(/\/driver\/home$/);

    // The customer sees the proof: who, the photo and the signature.
    await customer.goto('/deliveries');
    await customer
      .getByRole('row')
      .filter({ hasText: `#${orderId}` })
      .getByText(recipient)
      .click();
    await expect(customer.getByRole('heading', { name: 'Proof of Delivery' })).toBeVisible();
    await expect(customer.getByText('Nurse Ama Boateng')).toBeVisible();
    for (const img of await customer.locator('img[src*="/"]').filter({ visible: true }).all()) {
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    }

    // Staff: the custody trail verifies, and the report is a PDF.
    await staff.goto(
      await staff.evaluate(async (id) => {
        const token = localStorage.getItem('token') ?? sessionStorage.getItem('token');
        const r = await fetch(`/api/v1/admin/deliveries?q=${id}&status=all`, { headers: { Authorization: `Bearer ${token}` } });
        return `/admin/deliveries/${(await r.json()).deliveries[0]._id}`;
      }, orderId),
    );
    await expect(staff.getByTestId('custody-verdict')).toContainText('Chain of custody verified', { timeout: 20_000 });
    await expect(staff.getByRole('img', { name: 'Signature of Nurse Ama Boateng' })).toBeVisible();
    const [report] = await Promise.all([
      staff.waitForEvent('download'),
      staff.getByRole('button', { name: 'Custody report (PDF)' }).click(),
    ]);
    expect((await readFile(await report.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Public tracking shows every step, newest first.
    const visitor = await browser.newPage({ baseURL: base });
    await visitor.goto(`/track/${orderId}`);
    const history = visitor.getByTestId('status-history');
    await expect(history.getByRole('listitem')).toHaveCount(7, { timeout: 20_000 });
    for (const step of ['Delivered', 'In transit', 'Picked up', 'Moving to pickup', 'Assigned', 'Approved', 'Pending']) {
      await expect(history).toContainText(step);
    }

    // Feedback is accepted once.
    await visitor.getByRole('link', { name: 'Leave feedback' }).click();
    await visitor.getByLabel('5 stars', { exact: false }).locator('..').click();
    await visitor.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(visitor.getByRole('status').filter({ hasText: 'Thank you for your feedback!' })).toBeVisible();
    await visitor.goto(`/track/${orderId}/feedback`);
    await expect(visitor.getByText('Feedback has already been submitted for this delivery')).toBeVisible();

    for (const page of [customer, staff, driver, visitor]) await page.context().close();
  });

  test('an admin invites a driver, who sets a password from the e-mail and signs in to the driver app', async ({ browser, app, mail }) => {
    const adminAccount = app.account('ADMIN');
    const admin = await personaPage(browser, app.baseURL, desktop, adminAccount.email, adminAccount.password, /\/admin\/dashboard$/);
    await expect(admin.getByRole('navigation', { name: 'Operations' }).getByRole('link', { name: 'Users' })).toBeVisible();
    await admin.goto('/admin/users');
    await admin.getByRole('button', { name: 'Invite user' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Invite a user' });
    const email = `new-driver-${Date.now().toString(36)}@medcourier.example`;
    await dialog.getByLabel('First name').fill('Rosa');
    await dialog.getByLabel('Last name').fill('Diaz');
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Role').selectOption({ label: 'driver' });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(toast(admin, `Invitation sent to ${email}`)).toBeVisible();
    await admin.getByRole('searchbox', { name: 'Search users' }).fill(email);
    await expect(admin.getByRole('row').filter({ hasText: email })).toContainText('invited');

    const message = await mail.waitFor({ to: email, subject: /set your password/i });
    expect(message.text).not.toMatch(/password:\s*\S/i);
    const link = message.links.find((href) => href.includes('/auth/reset-password?token='));
    expect(link, message.text).toBeTruthy();

    const context = await browser.newContext({ ...phone, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(link as string);
    await page.getByLabel('New password', { exact: true }).fill('Courier#Run2026');
    await page.getByLabel('Confirm new password', { exact: true }).fill('Courier#Run2026');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Courier#Run2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/driver\/home$/);
    await expect(page.getByRole('heading', { name: 'Hi Rosa' })).toBeVisible();
    await context.close();
    await admin.context().close();
  });

  test('a driver who loses the network keeps working: moves wait on the phone and go out in order when it returns', async ({
    browser,
    app,
    request,
  }) => {
    const driverAccount = app.account('DRIVER');
    const token = await loginViaApi(request, driverAccount);
    const jobs = (await (await request.get('/api/v1/driver/deliveries', { headers: { Authorization: `Bearer ${token}` } })).json()) as {
      data: { _id: string; orderId: string; status: string }[];
    };
    const job = jobs.data.find((j) => j.status === 'assigned');
    if (!job) throw new Error('the seed gives the driver no assigned job');

    const driver = await personaPage(browser, app.baseURL, phone, driverAccount.email, driverAccount.password, /\/driver\/home$/);
    await driver.getByRole('link', { name: new RegExp(`#${job.orderId}`) }).click();
    await expect(driver.getByRole('button', { name: 'Start pickup run' })).toBeVisible();

    await driver.context().setOffline(true);
    await expect(driver.getByTestId('outbox-banner')).toContainText('Offline');
    await driver.getByRole('button', { name: 'Start pickup run' }).click();
    await expect(toast(driver, 'Saved on this phone; it will be sent when the network returns.')).toBeVisible();
    await driver.getByRole('button', { name: 'Check parcel & pick up' }).click();
    await driver.getByLabel('Tracking number on the label').fill(job.orderId);
    await driver.getByRole('button', { name: 'Confirm pickup' }).click();
    await expect(driver.getByTestId('outbox-banner')).toHaveText('Offline: 2 updates saved on this phone, sent when the network returns.');
    await expect(driver.getByText('Picked up').first()).toBeVisible();
    await expect(driver.getByText('Your last update waits on this phone to be sent.')).toBeVisible();

    // Nothing reached the server yet.
    const before = (await (
      await request.get('/api/v1/driver/deliveries', { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as typeof jobs;
    expect(before.data.find((j) => j._id === job._id)?.status).toBe('assigned');

    await driver.context().setOffline(false);
    await expect(toast(driver, '2 saved updates sent')).toBeVisible({ timeout: 20_000 });
    await expect(driver.getByTestId('outbox-banner')).toHaveCount(0);
    const after = (await (
      await request.get('/api/v1/driver/deliveries', { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as typeof jobs;
    expect(after.data.find((j) => j._id === job._id)?.status).toBe('picked_up');
    await driver.context().close();
  });
});
