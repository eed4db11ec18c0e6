import { type APIRequestContext, devices, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/accessibility.js';
import { feedbackOpen, findDeliveryByStatus, listMyDeliveries, loginViaApi } from '../fixtures/api-helpers.js';
import { expect, test } from '../fixtures/index.js';
import { newPerson, registerUnverified, submitLogin, verificationLink } from './support/accounts.js';

// Every page and open dialog, on a desktop and a phone, against axe's WCAG 2.2 AA rules: a new page is
// added here. Checks are soft: one run lists every page that fails.

const { defaultBrowserType: _ignored, ...pixel } = devices['Pixel 7'];
const viewports = [
  { name: 'desktop', use: { viewport: { width: 1366, height: 900 } } },
  { name: 'phone', use: { ...pixel, viewport: { width: 390, height: 844 } } },
] as const;

/** The page's heading is up and nothing is loading any more: the state a person would read. */
async function settled(page: Page, ready: Locator = page.locator('h1').first()) {
  await expect(ready).toBeVisible();
  await expect(page.locator('main .animate-spin, [role=status]:has(.animate-spin)')).toHaveCount(0);
}

async function check(page: Page, where: string, ready?: Locator) {
  await settled(page, ready);
  await expectAccessible(page, where);
}

async function visit(page: Page, path: string, where: string, ready?: Locator) {
  await page.goto(path);
  await check(page, where, ready);
}

async function signInAs(page: Page, email: string, password: string, landing: RegExp) {
  await submitLogin(page, email, password);
  await expect(page).toHaveURL(landing, { timeout: 20_000 });
}

async function driverJobs(request: APIRequestContext, token: string): Promise<{ _id: string; status: string }[]> {
  const response = await request.get('/api/v1/driver/deliveries', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { _id: string; status: string }[] }).data;
}

for (const { name, use } of viewports) {
  test.describe(`accessibility on a ${name}`, () => {
    test.use(use);
    test.describe.configure({ timeout: 240_000 });

    test('public pages: landing, tracking, feedback, opt-in, legal, sign-in and token pages, not found', async ({
      page,
      app,
      request,
      mail,
    }) => {
      const token = await loginViaApi(request, app.account('CUSTOMER'));

      await page.goto('/');
      await expect(page.locator('#hero')).toBeVisible();
      // The SMS opt-in banner slides in 2 s after load; check the page with it.
      await check(page, 'landing page with the SMS banner', page.getByRole('region', { name: 'SMS updates' }));
      if (name === 'phone') {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await check(page, 'landing page with the mobile menu open', page.getByRole('navigation', { name: 'Mobile' }));
      }

      await visit(page, '/tracking', 'tracking form');
      await page.getByRole('button', { name: 'Track Package' }).click();
      await check(page, 'tracking form with an error', page.getByRole('alert'));
      const moving = await findDeliveryByStatus(request, token, 'in_transit');
      await visit(page, `/track/${moving.orderId}`, 'tracking result (in transit)', page.getByRole('heading', { name: moving.orderId }));
      const delivered = await findDeliveryByStatus(request, token, 'delivered', (d) => feedbackOpen(request, d.orderId));
      await visit(
        page,
        `/track/${delivered.orderId}`,
        'tracking result (delivered)',
        page.getByRole('heading', { name: delivered.orderId }),
      );
      await visit(page, `/track/${delivered.orderId}/feedback`, 'feedback form', page.getByRole('button', { name: 'Submit Feedback' }));

      await visit(page, '/optin', 'SMS opt-in page');
      await visit(page, '/terms', 'terms');
      await visit(page, '/privacy', 'privacy policy');
      await visit(page, '/no-such-page', 'not-found page');

      await visit(page, '/auth/login', 'login');
      await visit(page, '/auth/signup', 'sign-up, step 1');
      const person = newPerson('a11y');
      await page.getByLabel('First name').fill(person.firstName);
      await page.getByLabel('Last name').fill(person.lastName);
      await page.getByLabel('Email').fill(person.email);
      await page.getByLabel('Phone').fill(person.phone);
      await page.getByRole('button', { name: 'Next' }).click();
      await check(page, 'sign-up, step 2', page.getByLabel('Address'));
      await page.getByLabel('Address').fill(person.address);
      await page.getByLabel('Account type').selectOption(person.accountType);
      await page.getByRole('button', { name: 'Next' }).click();
      await check(page, 'sign-up, step 3', page.getByLabel('Password', { exact: true }));
      await visit(page, '/auth/request-password', 'forgotten password');
      await visit(page, '/auth/reset-password', 'reset password without a token');

      // Token pages with real tokens: a verification link and a reset link from the e-mails.
      const unverified = newPerson('a11y-otp');
      await registerUnverified(request, unverified);
      const verifyLink = new URL(await verificationLink(mail, unverified.email));
      await submitLogin(page, unverified.email, unverified.password);
      await expect(page).toHaveURL(/\/auth\/verify-otp$/);
      await check(page, 'sign-in code', page.getByLabel('Verification code'));
      await visit(
        page,
        '/auth/verify-email?token=not-a-token',
        'e-mail verification failed',
        page.getByRole('link', { name: /./ }).first(),
      );
      await visit(page, `${verifyLink.pathname}${verifyLink.search}`, 'e-mail verified');
      const resetRequest = await request.post('/api/v1/auth/forgot-password', { data: { email: unverified.email } });
      expect(resetRequest.ok(), await resetRequest.text()).toBe(true);
      const resetMail = await mail.waitFor({ to: unverified.email, subject: /reset/i });
      const resetLink = new URL(resetMail.links.find((href) => href.includes('/auth/reset-password?token=')) ?? '');
      await visit(page, `${resetLink.pathname}${resetLink.search}`, 'reset password', page.getByLabel('New password', { exact: true }));
    });

    test('customer pages and their dialogs', async ({ page, app, request }) => {
      const customer = app.account('CUSTOMER');
      const token = await loginViaApi(request, customer);
      await signInAs(page, customer.email, customer.password, /\/user\/home$/);
      await check(page, 'customer dashboard');

      await page.getByRole('button', { name: /profile menu/i }).click();
      await check(page, 'profile menu open', page.getByRole('menu'));
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await check(page, 'notifications dialog', page.getByRole('dialog'));
      await page.keyboard.press('Escape');
      if (name === 'phone') {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await check(page, 'customer menu drawer', page.getByRole('dialog', { name: 'Menu' }));
        await page.keyboard.press('Escape');
      } else {
        await page.getByRole('button', { name: 'Collapse sidebar' }).click();
        await check(page, 'customer dashboard, sidebar collapsed', page.getByRole('button', { name: 'Expand sidebar' }));
        await page.getByRole('button', { name: 'Expand sidebar' }).click();
      }

      await visit(page, '/profile', 'profile');
      await visit(page, '/account-settings', 'account settings');
      await visit(page, '/deliveries', 'deliveries list', page.getByRole('heading', { name: 'My Deliveries' }));
      await visit(page, '/reports', 'own report', page.getByRole('rowheader').first());

      const delivered = (await listMyDeliveries(request, token, 'delivered'))[0];
      await visit(page, `/delivery/${delivered._id}`, 'delivery detail (delivered)');
      const pending = await findDeliveryByStatus(request, token, 'pending');
      await visit(page, `/delivery/${pending._id}`, 'delivery detail (pending)');
      await page
        .getByRole('button', { name: /^Cancel/ })
        .first()
        .click();
      await check(page, 'cancel request dialog', page.getByRole('dialog'));
      await page.getByRole('button', { name: 'Keep request' }).click();

      await visit(page, '/order-delivery', 'order form, sender');
      await expect(page.getByRole('combobox', { name: 'Pickup address' })).not.toHaveValue('');
      await page.getByRole('button', { name: 'Next' }).click();
      await check(page, 'order form, recipient', page.getByLabel('Recipient name'));
      await page.getByLabel('Recipient name').fill('Ward 4B');
      await page.getByLabel('Recipient phone').fill('(617) 555-0188');
      await page.getByLabel('Recipient e-mail').fill('ward4b@example.test');
      await page.getByRole('combobox', { name: 'Delivery address' }).pressSequentially('1 Kendall Sq, Cambrid');
      await check(page, 'order form, address suggestions', page.getByRole('option').first());
      await page.getByRole('combobox', { name: 'Delivery address' }).press('Escape');
      await page.getByRole('combobox', { name: 'Delivery address' }).fill('330 Brookline Ave, Boston, MA 02215');
      await page
        .getByLabel('Required by (date and time)')
        .fill(`${new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)}T10:30`);
      await page.getByRole('button', { name: 'Next' }).click();
      await check(page, 'order form, package', page.getByLabel('Package type'));
    });

    test('dispatch console pages and their dialogs', async ({ page, app, request }) => {
      const admin = app.account('ADMIN');
      const customerToken = await loginViaApi(request, app.account('CUSTOMER'));
      await signInAs(page, admin.email, admin.password, /\/admin\/dashboard$/);
      await check(page, 'dispatch dashboard');
      if (name === 'phone') {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await check(page, 'console menu drawer', page.getByRole('dialog', { name: 'Menu' }));
        await page.keyboard.press('Escape');
      }

      const approved = await findDeliveryByStatus(request, customerToken, 'approved');
      await visit(page, `/admin/deliveries/${approved._id}`, 'console delivery (approved)');
      await page.getByRole('button', { name: `Assign #${approved.orderId}`, exact: true }).click();
      await check(page, 'assign dialog', page.getByRole('dialog'));
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: `Cancel #${approved.orderId}` }).click();
      await check(page, 'cancel dialog', page.getByRole('dialog'));
      await page.keyboard.press('Escape');
      const moving = await findDeliveryByStatus(request, customerToken, 'in_transit');
      await visit(page, `/admin/deliveries/${moving._id}`, 'console delivery (in transit)');
      const delivered = (await listMyDeliveries(request, customerToken, 'delivered'))[0];
      await visit(page, `/admin/deliveries/${delivered._id}`, 'console delivery (delivered)');

      await visit(page, '/admin/users', 'users');
      await page
        .getByRole('button', { name: /Invite/ })
        .first()
        .click();
      await check(page, 'invite user dialog', page.getByRole('dialog'));
      await page.keyboard.press('Escape');
      await page.getByRole('searchbox', { name: 'Search users' }).fill('Marcus');
      await page.getByRole('button', { name: /^Shift .*: edit the shift of Marcus/ }).click();
      await check(page, 'driver shift dialog', page.getByRole('dialog'));
      await page.keyboard.press('Escape');
      await visit(page, '/admin/dispatch-map', 'map and planning', page.getByRole('heading', { name: /Open jobs/ }));
      await page.getByRole('button', { name: 'Plan routes' }).click();
      await check(page, 'route planner', page.getByRole('button', { name: 'Preview plan' }));
      await visit(page, '/admin/feedback', 'feedback list');
      await visit(page, '/admin/optins', 'opt-in list');
      await visit(page, '/admin/audit', 'audit log');
      await visit(page, '/admin/deliveries?status=delivered&q=Burlington', 'delivery history');
      await visit(page, '/admin/reports?groupBy=customer', 'reports by customer', page.getByRole('rowheader').first());
      // Money: the accounts list with data and its edit dialog, rate cards and fuel, the card editor.
      await visit(page, '/admin/accounts', 'accounts', page.getByRole('button', { name: /^Edit / }).first());
      if (process.env.A11Y_SHOTS) await page.screenshot({ path: `${process.env.A11Y_SHOTS}/accounts-${name}.png`, fullPage: true });
      await page
        .getByRole('button', { name: /^Edit / })
        .first()
        .click();
      await check(page, 'account dialog', page.getByRole('dialog'));
      if (process.env.A11Y_SHOTS) await page.screenshot({ path: `${process.env.A11Y_SHOTS}/account-dialog-${name}.png` });
      await page.keyboard.press('Escape');
      await visit(page, '/admin/rate-cards', 'rate cards and fuel', page.getByRole('heading', { name: 'Fuel surcharges' }));
      await visit(page, '/admin/rate-cards/new', 'new rate card', page.getByRole('button', { name: 'Create rate card' }));
      if (process.env.A11Y_SHOTS) await page.screenshot({ path: `${process.env.A11Y_SHOTS}/rate-card-${name}.png`, fullPage: true });
    });

    test('driver pages', async ({ page, app, request }) => {
      const driver = app.account('DRIVER');
      const jobs = await driverJobs(request, await loginViaApi(request, driver));
      const job = (status: string) => {
        const found = jobs.find((j) => j.status === status);
        if (!found) throw new Error(`the demo driver has no ${status} job`);
        return found._id;
      };
      await signInAs(page, driver.email, driver.password, /\/driver\/home$/);
      await check(page, 'driver jobs');
      await visit(page, `/driver/jobs/${job('assigned')}`, 'driver job (assigned)');
      await visit(page, `/driver/jobs/${job('moving_to_pickup_location')}`, 'driver job (to pickup)');
      await visit(page, `/driver/jobs/${job('moving_to_pickup_location')}/pickup`, 'pickup check');
      await visit(page, `/driver/jobs/${job('in_transit')}`, 'driver job (in transit)');
      await visit(page, `/driver/jobs/${job('in_transit')}/proof`, 'proof of delivery');
      await visit(page, `/driver/jobs/${job('in_transit')}/could-not-deliver`, 'could not deliver');
    });
  });
}
