import { IMPORT_COLUMNS } from '@courier/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/accessibility.js';
import { loginViaApi } from '../fixtures/api-helpers.js';
import { expect, test } from '../fixtures/index.js';
import { newPerson, registerVerified, signIn } from './support/accounts.js';

/** Waits on a server round trip (a booking of 20 rows, a skip) while the shared machine is busy. */
const SERVER = { timeout: 30_000 };

/** Books through the API, as the lab did on an earlier day. */
async function book(request: APIRequestContext, token: string) {
  const response = await request.post('/api/v1/deliveries', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      senderPhone: '+16175550134',
      pickupAddress: '55 Fruit St, Boston, MA 02114',
      recipientName: 'Core Lab Receiving',
      recipientPhone: '+16175550123',
      recipientEmail: 'receiving@lab.example',
      deliveryAddress: '330 Brookline Ave, Boston, MA 02215',
      requiredBy: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      packageType: 'MEDICAL_SUPPLIES',
      packageSize: 'small',
      deliveryType: 'SAME_DAY',
      specialInstructions: 'Specimen bags, keep upright',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { _id: string; orderId: string } }).data;
}

/** Wall-clock parts in New York (the business zone and the browser's). */
function newYork(at: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', weekday: 'short', hourCycle: 'h23', hour: 'numeric' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { weekday: parts.weekday, hour: Number(parts.hour) };
}

/** A CSV of `rows` deliveries two days ahead; `bad` names a row (0-based) whose e-mail is wrong. */
function csv(rows: number, bad?: number): string {
  const due = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + 2 * 86_400_000),
  );
  const lines = [IMPORT_COLUMNS.join(',')];
  for (let i = 0; i < rows; i++) {
    const row: Record<string, string> = {
      senderPhone: '(617) 555-0134',
      pickupAddress: '"55 Fruit St, Boston, MA 02114"',
      recipientName: i === 0 ? 'Stat Clinic' : `Clinic ${i + 1}`,
      recipientPhone: '617-555-0123',
      recipientEmail: i === bad ? 'clinic-at-example' : `clinic${i + 1}@example.com`,
      deliveryAddress: '"330 Brookline Ave, Boston, MA 02215"',
      requiredBy: `${due}T16:00`,
      packageType: 'DOCUMENT',
      packageSize: 'small',
      deliveryType: 'STANDARD',
      specialInstructions: 'Front desk',
      // The optional handling columns: the first row is a STAT, refrigerated parcel; the others leave them empty.
      priority: i === 0 ? 'stat' : '',
      temperature: i === 0 ? 'refrigerated' : '',
      controlledSubstance: i === 0 ? 'no' : '',
    };
    lines.push(IMPORT_COLUMNS.map((c) => row[c]).join(','));
  }
  return `${lines.join('\n')}\n`;
}

async function upload(page: Page, text: string) {
  await page.getByLabel('CSV file').setInputFiles({ name: 'deliveries.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
  await page.getByRole('button', { name: 'Import deliveries' }).click();
}

for (const [name, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1366, height: 900 }],
] as const) {
  test.describe(`standing orders and import (${name})`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 180_000 });

    test('a lab repeats a delivery every weekday at 16:00 and sees the next five dates', async ({ page, request, mail }) => {
      const lab = newPerson(`standing-${name}`);
      await registerVerified(request, mail, lab);
      const token = await loginViaApi(request, lab);
      const delivery = await book(request, token);
      await signIn(page, lab.email, lab.password);

      await page.goto(`/delivery/${delivery._id}`);
      await page.getByRole('link', { name: 'Repeat this delivery' }).click();
      await expect(page).toHaveURL(new RegExp(`/standing-orders/new\\?from=${delivery._id}$`));
      await expect(page.getByRole('heading', { name: `Delivery #${delivery.orderId}` })).toBeVisible();
      await expect(page.getByText('Core Lab Receiving')).toBeVisible();
      await expect(page.getByLabel('Repeat')).toHaveValue('weekdays');
      // The other patterns' fields pass axe too (chosen days' checkboxes, every N days, day of the month).
      for (const kind of ['days', 'interval', 'monthly']) {
        await page.getByLabel('Repeat').selectOption(kind);
        await expectAccessible(page, `new standing order, ${kind} (${name})`);
      }
      await page.getByLabel('Repeat').selectOption('weekdays');
      await page.getByLabel('Required by (time)').fill('16:00');
      await expectAccessible(page, `new standing order (${name})`);
      await page.screenshot({ path: `test-results/standing-order-new-${name}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Create standing order' }).click();

      await expect(page).toHaveURL(/\/standing-orders$/, SERVER);
      const card = page.getByRole('article', { name: 'To Core Lab Receiving' });
      await expect(card.getByText('Weekdays at 4:00 PM')).toBeVisible();
      const dates = card.getByRole('list', { name: 'Next deliveries to core lab receiving' }).getByRole('listitem');
      await expect(dates).toHaveCount(5);
      const shown = (await dates.locator('time').evaluateAll((els) => els.map((e) => e.getAttribute('datetime') ?? ''))).map(
        (iso) => new Date(iso),
      );
      // Five weekdays in a row at 16:00 New York time, the first within the next four days.
      expect(shown.map((d) => newYork(d).hour)).toEqual([16, 16, 16, 16, 16]);
      expect(shown.every((d) => !['Sat', 'Sun'].includes(newYork(d).weekday))).toBe(true);
      expect(shown[0].getTime()).toBeGreaterThan(Date.now());
      expect(shown[0].getTime()).toBeLessThan(Date.now() + 4 * 86_400_000);
      for (let i = 1; i < 5; i++) expect(shown[i].getTime() - shown[i - 1].getTime()).toBeLessThanOrEqual(3 * 86_400_000 + 3_600_000);
      await expect(dates.first()).toContainText('4:00 PM');
      await expectAccessible(page, `standing orders (${name})`);
      await page.screenshot({ path: `test-results/standing-orders-${name}.png`, fullPage: true });

      // Skipping a date takes it off the list (the fifth: the first may already be booked, a day ahead); the API agrees.
      const skipped = await dates.last().locator('time').getAttribute('datetime');
      await dates
        .last()
        .getByRole('button', { name: /^Skip / })
        .click();
      await expect(card.locator(`time[datetime="${skipped}"]`)).toHaveCount(0, SERVER);
      await expect(dates).toHaveCount(5);
      const list = await request.get('/api/v1/standing-orders', { headers: { Authorization: `Bearer ${token}` } });
      const [order] = ((await list.json()) as { data: { nextOccurrences: string[]; skippedDates: string[] }[] }).data;
      expect(order.skippedDates).toHaveLength(1);
      expect(order.nextOccurrences).not.toContain(skipped);

      await card.getByRole('button', { name: 'Pause' }).click();
      await expect(card.getByText('Paused: nothing is booked until you resume.')).toBeVisible(SERVER);
      await card.getByRole('button', { name: 'Resume' }).click();
      await expect(card.getByRole('button', { name: 'Pause' })).toBeVisible(SERVER);
      await expect(dates).toHaveCount(5, SERVER);

      // Edit: the time moves to 09:30; the next five dates follow it (deliveries already booked stay as they were).
      await card.getByRole('link', { name: 'Edit the standing order to core lab receiving' }).click();
      await expect(page).toHaveURL(/\/standing-orders\/[\w-]+\/edit$/);
      await expect(page.getByLabel('Repeat')).toHaveValue('weekdays');
      await expect(page.getByLabel('Required by (time)')).toHaveValue('16:00');
      await page.getByLabel('Required by (time)').fill('09:30');
      await expectAccessible(page, `edit standing order (${name})`);
      await page.screenshot({ path: `test-results/standing-order-edit-${name}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page).toHaveURL(/\/standing-orders$/, SERVER);
      await expect(card.getByText('Weekdays at 9:30 AM')).toBeVisible(SERVER);
      await expect(dates).toHaveCount(5);
      await expect(dates.first()).toContainText('9:30 AM');
      const moved = (await dates.locator('time').evaluateAll((els) => els.map((e) => e.getAttribute('datetime') ?? ''))).map(
        (iso) => new Date(iso),
      );
      expect(moved.map((d) => newYork(d).hour)).toEqual([9, 9, 9, 9, 9]);
      expect(moved.every((d) => d.getUTCMinutes() === 30 && !['Sat', 'Sun'].includes(newYork(d).weekday))).toBe(true);
      await page.screenshot({ path: `test-results/standing-orders-edited-${name}.png`, fullPage: true });
    });

    test('a lab imports 20 deliveries from a CSV: one bad row refuses the file, fixed it goes in whole', async ({
      page,
      request,
      mail,
    }) => {
      const lab = newPerson(`import-${name}`);
      await registerVerified(request, mail, lab);
      const token = await loginViaApi(request, lab);
      await signIn(page, lab.email, lab.password);
      await page.goto('/deliveries/import');
      await expect(page.getByRole('heading', { name: 'Import deliveries' })).toBeVisible();
      const template = page.getByRole('link', { name: 'Download template' });
      await expect(template).toHaveAttribute('download', 'deliveries-template.csv');
      await expectAccessible(page, `import deliveries (${name})`);

      await upload(page, csv(20, 6));
      await expect(page.getByRole('alert')).toContainText('Nothing was imported: 1 problem to fix', SERVER);
      const problem = page.getByRole('table', { name: 'Problems in the file' }).getByRole('row').nth(1);
      await expect(problem).toContainText('8');
      await expect(problem).toContainText('recipientEmail');
      await expect(problem).toContainText('Recipient e-mail must be a valid e-mail address');
      await expectAccessible(page, `import deliveries with problems (${name})`);
      await page.screenshot({ path: `test-results/import-errors-${name}.png`, fullPage: true });
      const none = await request.get('/api/v1/deliveries/my-deliveries', { headers: { Authorization: `Bearer ${token}` } });
      expect(((await none.json()) as { totalDeliveries: number }).totalDeliveries).toBe(0);

      await upload(page, csv(20));
      await expect(page.getByRole('status').filter({ hasText: '20 deliveries created.' })).toBeVisible(SERVER);
      const after = await request.get('/api/v1/deliveries/my-deliveries', { headers: { Authorization: `Bearer ${token}` } });
      expect(((await after.json()) as { totalDeliveries: number }).totalDeliveries).toBe(20);

      // My Deliveries shows the imported STAT, its temperature and its required-by time.
      await page.goto('/deliveries?q=Stat%20Clinic');
      const item = page.getByRole(name === 'phone' ? 'listitem' : 'row').filter({ hasText: 'Stat Clinic' });
      await expect(item.getByText('STAT', { exact: true })).toBeVisible(SERVER);
      await expect(item.getByText('Fridge 2-8 °C')).toBeVisible();
      // Required by 16:00 New York: a whole hour, unlike the booking time beside it.
      await expect(item.locator('time[datetime$=":00:00.000Z"]')).toHaveCount(1);
      await expectAccessible(page, `my deliveries with handling (${name})`);
      await page.screenshot({ path: `test-results/my-deliveries-handling-${name}.png`, fullPage: true });
    });

    test('a lab creates a standing order from scratch: the booking fields and the schedule', async ({ page, request, mail }) => {
      const lab = newPerson(`scratch-${name}`);
      await registerVerified(request, mail, lab);
      await signIn(page, lab.email, lab.password);
      await page.goto('/standing-orders');
      await page.getByRole('link', { name: 'New standing order' }).click();
      await expect(page).toHaveURL(/\/standing-orders\/new$/);
      await expect(page.getByRole('heading', { name: 'New standing order' })).toBeVisible();
      // Sent empty, every missing booking field says so, by the contract's words.
      await page.getByRole('button', { name: 'Create standing order' }).click();
      await expect(page.getByText('Recipient name is required')).toBeVisible();
      await page.getByLabel(/Recipient name/).fill('Northside Lab');
      await page.getByLabel(/Recipient phone/).fill('617-555-0123');
      await page.getByLabel(/Recipient e-mail/).fill('receiving@northside.example');
      await page.getByLabel(/Delivery address/).fill('330 Brookline Ave, Boston, MA 02215');
      await page.getByLabel('Package type').selectOption('SPECIMEN');
      await page.getByLabel('Priority').selectOption('stat');
      await page.getByLabel('Temperature').selectOption('refrigerated');
      await page.getByLabel(/Specimen category/).selectOption('UN3373');
      await page.getByLabel(/Stable for/).fill('12');
      await page.getByLabel('Specimens collected at (time)').fill('08:00');
      await page.getByLabel('Required by (time)').fill('15:00');
      await expectAccessible(page, `new standing order from scratch (${name})`);
      await page.screenshot({ path: `test-results/standing-order-scratch-${name}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Create standing order' }).click();
      await expect(page).toHaveURL(/\/standing-orders$/, SERVER);
      const card = page.getByRole('article', { name: 'To Northside Lab' });
      await expect(card.getByText('Weekdays at 3:00 PM')).toBeVisible();
      await expect(card.getByText(/Specimens collected at 8:00 AM each run, stable for 12 hours/)).toBeVisible();
    });

    test("staff see every customer's standing orders and pre-approve one", async ({ page, app, request, mail }) => {
      const lab = newPerson(`staff-view-${name}`);
      await registerVerified(request, mail, lab);
      const token = await loginViaApi(request, lab);
      const created = await request.post('/api/v1/standing-orders', {
        headers: { Authorization: `Bearer ${token}` },
        data: {
          senderPhone: '+16175550134',
          pickupAddress: '55 Fruit St, Boston, MA 02114',
          recipientName: `Night Lab ${name}`,
          recipientPhone: '+16175550123',
          recipientEmail: 'night@lab.example',
          deliveryAddress: '330 Brookline Ave, Boston, MA 02215',
          packageType: 'DOCUMENT',
          packageSize: 'small',
          deliveryType: 'STANDARD',
          schedule: { rrule: 'FREQ=WEEKLY;BYDAY=MO,WE', time: '08:30' },
          startsOn: new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date()),
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const staff = app.account('STAFF');
      await page.goto('/auth/login');
      await page.getByLabel('Email').fill(staff.email);
      await page.getByLabel('Password', { exact: true }).fill(staff.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(/\/admin\//, { timeout: 20_000 });
      await page.goto('/admin/standing-orders');
      const row = page.getByRole('row').filter({ hasText: `To Night Lab ${name}` });
      await expect(row).toContainText('Mon, Wed at 8:30 AM');
      await expect(row).toContainText('Avery Quinn');
      await expectAccessible(page, `staff standing orders (${name})`);
      await page.screenshot({ path: `test-results/admin-standing-orders-${name}.png`, fullPage: true });
      await row.getByRole('button', { name: /^Pre-approve/ }).click();
      await expect(row).toContainText('pre-approved', SERVER);
    });
  });
}
