import { devices, type Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/accessibility.js';
import { expect, test } from '../fixtures/index.js';
import { submitLogin } from './support/accounts.js';

// The board says what it means (at risk, late, STAT, lab rejections, who records a disposition) and the audit
// log opens on changes, with staff reads grouped: checked on the seeded demo, which holds each of these.

const { defaultBrowserType: _ignored, ...pixel } = devices['Pixel 7'];
const shots = process.env.SCREENSHOT_DIR;
const shoot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

for (const { name, use } of [
  { name: 'desktop', use: { viewport: { width: 1366, height: 900 } } },
  { name: 'phone', use: { ...pixel, viewport: { width: 390, height: 844 } } },
] as const) {
  test.describe(`board marks and audit log on a ${name}`, () => {
    test.use({ ...use, timezoneId: 'America/New_York', locale: 'en-US' });
    test.describe.configure({ timeout: 180_000 });

    test('dispatch sees "At risk" apart from late and STAT, the lab rejection under Rejected, and who records a disposition', async ({
      page,
      app,
    }) => {
      const staff = app.account('STAFF');
      await submitLogin(page, staff.email, staff.password);
      await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 20_000 });
      // The demo's request due in about 24 minutes is at risk, not late.
      const atRisk = page.locator('[data-urgency="at_risk"]').first();
      await expect(atRisk).toBeVisible();
      await expect(atRisk).toContainText(/^At risk · due in \d+ min$/);
      await expect(page.getByText(/^Late: /)).toHaveCount(0);
      // STAFF are told who decides a hold, with no button that would fail.
      const holds = page.getByRole('region', { name: /On hold/ });
      await expect(holds.getByText('A manager records the disposition').first()).toBeVisible();
      await expect(holds.getByRole('button', { name: 'Disposition' })).toHaveCount(0);
      await expectAccessible(page, `board with at-risk and hold (${name})`);
      await shoot(page, `board-marks-${name}`);

      // STAT on the road: its own mark, not late's.
      if (name === 'phone') await page.getByRole('button', { name: 'On the road' }).click();
      const stat = page
        .getByRole('listitem', { name: /^Delivery #/ })
        .filter({ hasText: 'STAT' })
        .first();
      await expect(stat).toBeVisible();
      await stat.scrollIntoViewIfNeeded();
      await shoot(page, `board-stat-${name}`);

      await page.getByRole('button', { name: 'Rejected', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Rejected by the lab' })).toBeVisible();
      const rejected = page.getByRole('listitem', { name: /^Delivery #/ });
      await expect(rejected.first()).toContainText('Receipt rejected');
      await expect(rejected.first()).toContainText(/Rejected by lab/i);
      await expectAccessible(page, `board, rejected filter (${name})`);
      await shoot(page, `board-rejected-${name}`);

      // The held delivery's page says the same to STAFF.
      await page.getByRole('button', { name: 'All', exact: true }).click();
      await holds.getByRole('link', { name: /^#MC/ }).first().click();
      await expect(page).toHaveURL(/\/admin\/deliveries\/[0-9a-f-]+$/);
      await expect(page.getByText('A manager records the disposition').first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Disposition' })).toHaveCount(0);
      await expectAccessible(page, `held delivery, staff (${name})`);
      await shoot(page, `held-delivery-staff-${name}`);
    });

    test("the CSV import page states this server's row cap", async ({ page, app }) => {
      const customer = app.account('CUSTOMER');
      await submitLogin(page, customer.email, customer.password);
      await expect(page).toHaveURL(/\/user\/home$/, { timeout: 20_000 });
      await page.goto('/deliveries/import');
      // The embedded database's default cap (IMPORT_MAX_ROWS unset), read from GET /api/v1/config.
      await expect(page.getByText(/Book up to 25 deliveries from one CSV file\./)).toBeVisible();
      await expect(page.getByText(/1,000/)).toHaveCount(0);
      await shoot(page, `import-cap-${name}`);
    });

    test('the audit log opens on changes; reads are grouped with a count and filtered by who', async ({ page, app }) => {
      const admin = app.account('ADMIN');
      await submitLogin(page, admin.email, admin.password);
      await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 20_000 });
      // The board's columns, stats and hold queue: one screen load, several list reads.
      await expect(page.getByRole('listitem', { name: /^Delivery #/ }).first()).toBeVisible();
      await page.goto('/admin/audit');
      await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
      await expect(page.getByLabel('Show')).toHaveValue('');
      await expect(page.locator('tbody')).not.toContainText('delivery.list');
      await shoot(page, `audit-changes-${name}`);
      await page.getByLabel('Show').selectOption('reads');
      await page.getByLabel('Who').fill(admin.email);
      await expect(page).toHaveURL(/actor=/);
      // Several list reads within the minute are one row with a count.
      await expect(page.locator('tbody tr').filter({ hasText: 'delivery.list' }).filter({ hasText: /×\d+/ }).first()).toBeVisible();
      await expectAccessible(page, `audit log, reads (${name})`);
      await shoot(page, `audit-reads-${name}`);
    });
  });
}
