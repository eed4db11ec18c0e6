import { readFile } from 'node:fs/promises';
import { devices, type Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/accessibility.js';
import { expect, test } from '../fixtures/index.js';
import { submitLogin } from './support/accounts.js';

// The dispatcher looks up past jobs (delivered and cancelled ones leave the board) and reads the report.

const { defaultBrowserType: _ignored, ...pixel } = devices['Pixel 7'];
const shots = process.env.SCREENSHOT_DIR;

async function shoot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

async function signInAsDispatcher(page: Page, app: { account: (role: 'STAFF') => { email: string; password: string } }) {
  const staff = app.account('STAFF');
  await submitLogin(page, staff.email, staff.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 20_000 });
}

for (const { name, use } of [
  { name: 'desktop', use: { viewport: { width: 1366, height: 900 } } },
  { name: 'phone', use: { ...pixel, viewport: { width: 390, height: 844 } } },
] as const) {
  test.describe(`dispatch history and reports on a ${name}`, () => {
    test.use({ ...use, timezoneId: 'America/New_York', locale: 'en-US' });
    test.describe.configure({ timeout: 180_000 });

    test('a dispatcher finds past jobs by town and driver, keeps the filter in the URL, exports it and reads the report', async ({
      page,
      app,
    }) => {
      await signInAsDispatcher(page, app);
      await expect(page.getByRole('listitem', { name: /^Delivery #/ }).first()).toBeVisible();
      await shoot(page, `board-${name}`);

      // The board only holds open jobs: a search that matches none says so plainly.
      await page.getByRole('searchbox', { name: 'Search deliveries' }).fill('zzz-no-such-thing');
      await expect(page.getByText('No delivery matches.').first()).toBeVisible();
      await expect(page.getByText('No driver is out right now.')).toHaveCount(0);
      await shoot(page, `board-empty-search-${name}`);

      // The history, reached from the console's menu.
      if (name === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('link', { name: 'Deliveries', exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/deliveries$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Deliveries' })).toBeVisible();
      const rows = page.locator('tbody tr');

      await page.getByRole('searchbox', { name: 'Search' }).fill('Burlington');
      await expect(page).toHaveURL(/q=Burlington/);
      await expect(rows.first()).toContainText('Burlington');
      await page.getByLabel('Status').selectOption('delivered');
      await expect(page).toHaveURL(/status=delivered/);
      await expect(rows.first().locator('[data-status]')).toHaveAttribute('data-status', 'delivered');
      for (const row of await rows.all()) await expect(row).toContainText('Burlington');
      await expectAccessible(page, `delivery history (${name})`);
      await shoot(page, `history-burlington-${name}`);

      // The filter survives a reload, then the driver's name finds his jobs.
      await page.reload();
      await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('Burlington');
      await expect(page.getByLabel('Status')).toHaveValue('delivered');
      await page.getByRole('searchbox', { name: 'Search' }).fill('Marcus');
      await expect(page).toHaveURL(/q=Marcus/);
      await expect(rows.first()).toContainText('Marcus Bell');

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
      const csv = await readFile(await download.path(), 'utf8');
      const lines = csv.trim().split('\r\n');
      expect(lines[0]).toMatch(/^Tracking number,Status,Service level,/);
      expect(lines.length).toBeGreaterThan(1);
      for (const line of lines.slice(1)) expect(line).toContain('Marcus Bell');

      await page.getByRole('searchbox', { name: 'Search' }).fill('nothing-like-this');
      await expect(page.getByText('No delivery matches these filters.')).toBeVisible();

      // The report: figures, a chart and the same numbers in a table, grouped by driver.
      if (name === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('link', { name: 'Reports', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
      await expect(page.getByRole('group', { name: 'On time' })).toBeVisible();
      await expect(page.getByRole('table').locator('tfoot')).toContainText('Total');
      await page.getByLabel('Group by').selectOption('driver');
      await expect(page).toHaveURL(/groupBy=driver/);
      await expect(page.getByRole('rowheader', { name: 'Marcus Bell' })).toBeVisible();
      await expect(page.locator('.recharts-surface').first()).toBeVisible();
      await expectAccessible(page, `reports by driver (${name})`);
      await shoot(page, `reports-driver-${name}`);
      await page.getByLabel('Group by').selectOption('day');
      await expect(page.locator('.recharts-surface').first()).toBeVisible();
      await shoot(page, `reports-day-${name}`);
    });

    test('a customer reads the report of their own deliveries from the dashboard', async ({ page, app }) => {
      const customer = app.account('CUSTOMER');
      await submitLogin(page, customer.email, customer.password);
      await expect(page).toHaveURL(/\/user\/home$/, { timeout: 20_000 });
      await page.getByRole('link', { name: /^Reports: / }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
      await expect(page.getByRole('table').locator('tfoot')).toContainText('Total');
      await expect(page.getByLabel('Group by')).toHaveCount(0);
      await expect(page.locator('.recharts-surface').first()).toBeVisible();
      await expectAccessible(page, `own report (${name})`);
      await shoot(page, `reports-own-${name}`);
    });

    test('an administrator is asked before disabling a driver or changing a role, and told which jobs the driver holds', async ({
      page,
      app,
    }) => {
      const admin = app.account('ADMIN');
      await submitLogin(page, admin.email, admin.password);
      await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 20_000 });
      await page.goto('/admin/users');
      await page.getByRole('button', { name: 'Disable Marcus Bell' }).click();
      const dialog = page.getByRole('dialog', { name: 'Disable Marcus Bell?' });
      await expect(dialog).toContainText('signed out everywhere at once');
      await expect(dialog).toContainText(/They hold \d+ open jobs?:/);
      await expect(dialog.getByRole('link', { name: /^#MC/ }).first()).toBeVisible();
      // Marcus carries parcels: the server would refuse, so the dialog says so before the click.
      await expect(dialog.getByRole('alert')).toContainText(/Marcus Bell cannot be disabled while parcels are on board: #MC/);
      await expect(dialog.getByRole('button', { name: 'Disable account' })).toBeDisabled();
      await expectAccessible(page, `disable driver dialog (${name})`);
      await shoot(page, `users-disable-driver-${name}`);
      await dialog.getByRole('button', { name: 'Keep as it is' }).click();
      await expect(page.getByText('disabled', { exact: true })).toHaveCount(0);

      await page.getByLabel('Role of Marcus Bell').selectOption({ label: 'staff' });
      const roleDialog = page.getByRole('dialog', { name: 'Make Marcus Bell staff?' });
      await expect(roleDialog).toContainText('dispatch console');
      await expect(roleDialog).toContainText(/They hold \d+ open jobs?:/);
      await roleDialog.getByRole('button', { name: 'Keep as it is' }).click();
      await expect(page.getByLabel('Role of Marcus Bell')).toHaveValue(/.+/);
      await expect(page.getByLabel('Role of Marcus Bell').locator('option:checked')).toHaveText('driver');

      // Staff keep their own settings in the console; the customer's page sends them there.
      await page.goto('/account-settings');
      await expect(page).toHaveURL(/\/admin\/account$/);
      await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
      await expectAccessible(page, `staff account (${name})`);
      await shoot(page, `staff-account-${name}`);
    });

    test('an invited person’s link says "Set your password"', async ({ page }) => {
      await page.goto('/auth/reset-password?token=abc&welcome=1');
      await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible();
      await expect(page.getByText('replaces the old one')).toHaveCount(0);
      await page.goto('/auth/reset-password?token=abc');
      await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    });
  });
}
