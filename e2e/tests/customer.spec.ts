import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { loginViaApi } from '../fixtures/api-helpers.js';
import { expect, test } from '../fixtures/index.js';
import { newPerson, registerVerified, signIn, toast } from './support/accounts.js';

/** A small real PNG, as a phone camera would hand over (the server checks the bytes, not the name). */
const parcelPhoto = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#0c7792' } })
    .png()
    .toBuffer();

/** A datetime-local value some days ahead (always in the future, whatever the time zone). */
function daysAhead(days: number, time = '10:30'): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return `${date.toISOString().slice(0, 10)}T${time}`;
}

/** How many of the account's notifications are unread, from the API. */
async function unreadCount(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/api/v1/notifications', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: { isRead: boolean }[] };
  return body.data.filter((n) => !n.isRead).length;
}

/** The number on a dashboard or profile count tile. */
async function tileCount(page: Page, label: string): Promise<number> {
  const value = page.getByRole('group', { name: label, exact: true }).getByTestId('stat-value');
  await expect(value).toBeVisible();
  return Number(await value.textContent());
}

test.describe('customer area', () => {
  // A desktop: the list is a table from about 1,000 px of content width (1366 minus the sidebar).
  test.use({ viewport: { width: 1366, height: 900 } });

  test('requests a delivery with an image, finds it, prints its label and reads its notification', async ({ page, app, request }) => {
    const customer = app.account('CUSTOMER');
    const unreadBefore = await unreadCount(request, await loginViaApi(request, customer));
    await signIn(page, customer.email, customer.password);

    // Dashboard before: the greeting and the counts to compare with later.
    await expect(page.getByRole('heading', { name: /^Welcome \S+ !$/ })).toBeVisible();
    const totalBefore = await tileCount(page, 'Total Deliveries');
    const pendingBefore = await tileCount(page, 'Pending');

    await page.getByRole('link', { name: 'Make a Request' }).click();
    await expect(page).toHaveURL(/\/order-delivery$/);

    // Step 1: prefilled from the account; Next is blocked while a required field is empty.
    await expect(page.getByLabel('Sender phone')).not.toHaveValue('');
    const pickup = page.getByRole('combobox', { name: 'Pickup address' });
    await expect(pickup).not.toHaveValue('');
    await pickup.fill('');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Please fill in all required fields')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sender Information' })).toBeVisible();

    // The address autocomplete: type, then choose a suggestion with the keyboard.
    await pickup.pressSequentially('1 Kendall Sq, Cambrid');
    const suggestion = page.getByRole('option', { name: /1 Kendall Sq, Cambridge, MA/ }).first();
    await expect(suggestion).toBeVisible();
    const options = await page.getByRole('option').allTextContents();
    const wanted = options.findIndex((text) => /Cambridge, MA/.test(text));
    for (let i = 0; i <= wanted; i++) await pickup.press('ArrowDown');
    await expect(page.getByRole('option', { selected: true })).toContainText('Cambridge, MA');
    await pickup.press('Enter');
    await expect(page.getByRole('listbox', { name: 'Address suggestions' })).toBeHidden();
    await expect(pickup).toHaveValue(/^1 Kendall Sq, Cambridge, MA\b/);
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2: the recipient; a bad e-mail keeps the step.
    await expect(page.getByRole('heading', { name: 'Recipient Information' })).toBeVisible();
    const recipient = `Dr. Iris Okoye ${Date.now().toString(36)}`;
    await page.getByLabel('Recipient name').fill(recipient);
    await page.getByLabel('Recipient phone').fill('(617) 555-0188');
    await page.getByLabel('Recipient e-mail').fill('iris@');
    await page.getByRole('combobox', { name: 'Delivery address' }).fill('330 Brookline Ave, Boston, MA 02215');
    await page.getByLabel('Required by (date and time)').fill(daysAhead(3));
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Enter a valid e-mail address').first()).toBeVisible();
    await page.getByLabel('Recipient e-mail').fill('iris.okoye@example.test');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 3: the package, with an image and its preview.
    await expect(page.getByRole('heading', { name: 'Package Details' })).toBeVisible();
    await expect(page.getByLabel('Package type')).toHaveValue('DOCUMENT');
    await page.getByLabel('Package type').selectOption('MEDICATION');
    await page.getByRole('radio', { name: /Medium/ }).check();
    await page.getByRole('radio', { name: /Express/ }).check();
    await page.getByLabel('Special instructions').fill('Keep refrigerated (2-8 °C).');
    await page.getByLabel('Package image').setInputFiles({ name: 'parcel.png', mimeType: 'image/png', buffer: await parcelPhoto() });
    await expect(page.getByRole('img', { name: 'Preview of the package' })).toBeVisible();

    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByRole('heading', { name: 'Delivery request submitted successfully!' })).toBeVisible();
    await expect(toast(page, 'Delivery request submitted successfully!')).toBeVisible();
    const orderId = (await page.getByText(/^MC[0-9A-Z]{10}$/).textContent())?.trim() ?? '';
    expect(orderId).toMatch(/^MC[0-9A-Z]{10}$/);

    // After 2 s the list, newest first, holds the new request.
    await expect(page).toHaveURL(/\/deliveries$/, { timeout: 6_000 });
    await expect(page.getByRole('heading', { name: 'My Deliveries' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: `#${orderId}` });
    await expect(row).toContainText(recipient);
    await expect(row).toContainText('Medication');
    await expect(row).toContainText('Pending');
    // The required-by time has its own column.
    await expect(page.getByRole('columnheader', { name: 'Required By' })).toBeVisible();
    await expect(row.getByRole('cell').nth(6).locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
    // Addresses longer than 30 characters are cut with an ellipsis.
    await expect(row).toContainText('330 Brookline Ave, Boston, MA...');
    await expect(row).not.toContainText('02215');

    // A click on the row opens the detail page with the image.
    await row.getByText(recipient).click();
    await expect(page).toHaveURL(/\/delivery\/[^/]+$/);
    await expect(page.getByRole('heading', { name: `Delivery #${orderId}` })).toBeVisible();
    const image = page.getByRole('img', { name: `Package for delivery ${orderId}` });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
    await expect(page.getByText('Keep refrigerated (2-8 °C).')).toBeVisible();

    // The label: generated once, then the button is gone; the download is a PDF.
    await page.getByRole('button', { name: 'Generate Label' }).click();
    await expect(page.getByRole('button', { name: 'Generate Label' })).toHaveCount(0);
    await expect(page.getByText('Tracking code')).toBeVisible();
    await expect(page.getByRole('img', { name: `Shipping label for ${orderId}` })).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`${orderId}.*\\.pdf$`));
    const pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();

    // A reload still shows the stored label and no Generate button.
    await page.reload();
    await expect(page.getByRole('link', { name: 'Download PDF' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generate Label' })).toHaveCount(0);

    // The dashboard counts it and lists it first among the recent deliveries.
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/user\/home$/);
    await expect.poll(() => tileCount(page, 'Total Deliveries')).toBe(totalBefore + 1);
    await expect.poll(() => tileCount(page, 'Pending')).toBe(pendingBefore + 1);
    const recent = page.getByRole('region', { name: 'Recent Deliveries' });
    await expect(recent.getByRole('row')).toHaveCount(6);
    await expect(recent.getByRole('row').nth(1)).toContainText(`#${orderId}`);
    await expect(recent.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/deliveries');

    // The bell: at least one more unread (the server's late sweep may add notices for seeded deliveries at any
    // minute); opening lists it, a click marks it read and takes one off the count, the bin deletes it.
    const badge = page.getByTestId('notification-badge');
    await expect.poll(async () => Number(await badge.textContent())).toBeGreaterThanOrEqual(unreadBefore + 1);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Notifications' });
    const item = dialog.getByRole('listitem').filter({ hasText: orderId });
    await expect(item).toContainText('Delivery request received');
    await expect(item).toContainText('just now');
    const unreadShown = Number(await badge.textContent());
    await item.getByRole('button', { name: /Delivery request received \(unread/ }).click();
    await expect(item.getByRole('button', { name: /^Delivery request received/ })).not.toHaveAccessibleName(/\(unread/);
    if (unreadShown === 1) await expect(badge).toHaveCount(0);
    else await expect(badge).toHaveText(String(unreadShown - 1));
    await item.getByRole('button', { name: 'Delete notification: Delivery request received' }).click();
    await expect(dialog.getByRole('listitem').filter({ hasText: orderId })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The server agrees: after a reload the notification is still gone.
    await page.reload();
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Notifications' }).getByText(orderId)).toHaveCount(0);
  });

  test('a new customer sees empty states, the profile, the list controls and can cancel a pending request', async ({
    page,
    mail,
    request,
  }) => {
    const person = newPerson('customer-area');
    await registerVerified(request, mail, person);
    await signIn(page, person.email, person.password);

    await expect(page.getByRole('heading', { name: `Welcome ${person.firstName} !` })).toBeVisible();
    expect(await tileCount(page, 'Total Deliveries')).toBe(0);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByRole('dialog', { name: 'Notifications' }).getByText('No notifications yet')).toBeVisible();
    await page.getByRole('button', { name: 'Close notifications' }).click();

    await page.goto('/deliveries');
    await expect(page.getByText('No deliveries found')).toBeVisible();
    // Recipients' details never go to localStorage (shared clinic computers).
    expect(await page.evaluate(() => [localStorage.getItem('deliveries'), localStorage.getItem('deliveriesStats')])).toEqual([null, null]);

    // The profile, from the profile menu.
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Your Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: `${person.firstName} ${person.lastName}` })).toBeVisible();
    await expect(page.getByText(/^Member since [A-Z][a-z]+ \d{4}$/)).toBeVisible();
    await expect(page.getByText(person.email)).toBeVisible();
    await expect(page.getByText(person.address)).toBeVisible();
    await expect(page.getByText('Medical laboratory')).toBeVisible();
    expect(await tileCount(page, 'Active Deliveries')).toBe(0);

    // Six JSON requests through the API (no image), to page through.
    const login = await request.post('/api/v1/auth/login', { data: { email: person.email, password: person.password } });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    for (let i = 1; i <= 6; i++) {
      const response = await request.post('/api/v1/deliveries', {
        headers: { Authorization: `Bearer ${token}` },
        data: {
          senderPhone: person.phone,
          pickupAddress: person.address,
          recipientName: `Recipient ${i}`,
          recipientPhone: '+16175550100',
          recipientEmail: `r${i}@example.test`,
          deliveryAddress: '330 Brookline Ave, Boston, MA 02215',
          requiredBy: new Date(Date.now() + (i + 1) * 86_400_000).toISOString(),
          packageType: 'PARCEL',
          packageSize: 'small',
          deliveryType: 'STANDARD',
        },
      });
      expect(response.status(), await response.text()).toBe(201);
    }

    await page.goto('/deliveries');
    await expect(page.getByRole('row')).toHaveCount(7);
    await page.getByLabel('Per page').selectOption('5');
    await expect(page.getByRole('row')).toHaveCount(6);
    await expect(page.getByText(/Showing\s*1–5\s*of\s*6/)).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toContainText('Recipient 6');
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(page.getByRole('row').nth(1)).toContainText('Recipient 1');
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

    await page.getByLabel('Sort by').selectOption('oldest');
    await expect(page.getByRole('row').nth(1)).toContainText('Recipient 1');
    await page.getByLabel('Status').selectOption('delivered');
    await expect(page.getByText('No deliveries found')).toBeVisible();
    await page.getByLabel('Status').selectOption('pending');
    await expect(page.getByRole('row')).toHaveCount(6);

    // Cancel one pending request from its page, after confirming.
    await page.getByRole('row').nth(1).getByRole('link', { name: 'View Details' }).click();
    await expect(page.getByRole('heading', { name: /^Delivery #MC/ })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel request' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this delivery request?' });
    await confirm.getByRole('button', { name: 'Keep request' }).click();
    await expect(confirm).toBeHidden();
    await page.getByRole('button', { name: 'Cancel request' }).click();
    await confirm.getByRole('button', { name: 'Cancel request' }).click();
    await expect(toast(page, 'Delivery request cancelled')).toBeVisible();
    await expect(page.locator('[data-status="cancelled"]').first()).toHaveText('Cancelled');
    await expect(page.getByRole('button', { name: 'Cancel request' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Generate Label' })).toHaveCount(0);

    // Unknown and other people's deliveries read as not found.
    await page.goto('/delivery/00000000-0000-0000-0000-000000000000');
    await expect(page.getByRole('heading', { name: 'Delivery Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Deliveries' })).toHaveAttribute('href', '/deliveries');
  });

  test('on a phone the menu is a drawer and deliveries are cards', async ({ page, app }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const customer = app.account('CUSTOMER');
    await signIn(page, customer.email, customer.password);

    await expect(page.getByRole('navigation', { name: 'Account' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    // A customer's own report is in the menu.
    await expect(drawer.getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/reports');
    await drawer.getByRole('link', { name: 'My Deliveries' }).click();
    await expect(page).toHaveURL(/\/deliveries$/);
    await expect(drawer).toBeHidden();

    await expect(page.getByRole('table')).toHaveCount(0);
    const cards = page.getByRole('list', { name: 'Deliveries' }).getByRole('listitem');
    await expect(cards).toHaveCount(10);
    await cards.first().getByRole('link', { name: 'View Details' }).click();
    await expect(page.getByRole('heading', { name: /^Delivery #MC/ })).toBeVisible();

    // Logout from the drawer ends the session.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('deliveries')])).toEqual([null, null]);
  });
});
