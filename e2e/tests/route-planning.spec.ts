import { type APIRequestContext, request as apiRequest } from '@playwright/test';
import { expectAccessible } from '../fixtures/accessibility.js';
import { loginViaApi } from '../fixtures/api-helpers.js';
import { expect, type RunningServer, test } from '../fixtures/index.js';
import { startServer } from '../fixtures/server.js';
import { toast } from './support/accounts.js';
import { approveJob, auth, bookJob, rolePage, zoneAt } from './support/planning-day.js';
import { desktop, phone, screenshotsTo } from './support/personas.js';

/**
 * Route planning: dispatch plans a morning of 30 jobs for 3 drivers on the map, a stale preview is planned again and
 * applied, a driver's phone shows the run in the plan's order with planned arrivals, and a STAT approved while the
 * routes run is inserted into the best route with one click.
 *
 * Its own server, in a business time zone where it is now between 08:00 and 09:00: "a morning" whatever the hour
 * the suite runs at (shifts cannot cross midnight).
 */

const shot = screenshotsTo(process.env.ROUTE_PLAN_SHOTS);
/** ROLE_IDS.DRIVER of the contract. */
const DRIVER_ROLE_ID = '64b000000000000000000005';

test.describe('route planning', () => {
  test.describe.configure({ timeout: 420_000 });
  let server: RunningServer;
  let api: APIRequestContext;
  const zone = zoneAt(8);

  test.beforeAll(async ({ mail }) => {
    test.setTimeout(240_000);
    server = await startServer({ label: 'courier-route-plan', env: { SMTP_URL: mail.url, BUSINESS_TZ: zone } });
    api = await apiRequest.newContext({ baseURL: server.baseURL });
  });
  test.afterAll(async () => {
    await api?.dispose();
    await server?.stop();
  });

  test('dispatch plans a morning of 30 jobs for 3 drivers, a driver runs it in order, a STAT is inserted with one click', async ({
    browser,
    mail,
  }) => {
    const adminToken = await loginViaApi(api, server.account('ADMIN'));
    const staffToken = await loginViaApi(api, server.account('STAFF'));
    const customerToken = await loginViaApi(api, server.account('CUSTOMER'));

    // Three drivers on a morning shift (07:00 to 14:00 here): the seeded two and one more, invited and signed up.
    const email = `theo-${Date.now().toString(36)}@medcourier.example`;
    const invited = await api.post('/api/v1/admin/users', {
      headers: auth(adminToken),
      data: { email, firstName: 'Theo', lastName: 'Park', roleId: DRIVER_ROLE_ID },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    const link = (await mail.waitFor({ to: email, subject: /set your password/i })).links.find((href) => href.includes('token='));
    const reset = await api.post('/api/v1/auth/reset-password', {
      data: { token: new URL(link ?? 'http://x/').searchParams.get('token'), newPassword: 'Courier#Run2026' },
    });
    expect(reset.ok(), await reset.text()).toBe(true);
    const drivers = (
      (await (await api.get('/api/v1/admin/drivers', { headers: auth(staffToken) })).json()) as {
        data: { _id: string; firstName: string; lastName: string }[];
      }
    ).data;
    expect(drivers.length).toBeGreaterThanOrEqual(3);
    for (const driver of drivers) {
      const response = await api.patch(`/api/v1/admin/users/${driver._id}/shift`, {
        headers: auth(adminToken),
        data: { shift: { start: '07:00', end: '14:00', startPlace: 'base' }, vehicleCapacity: 20 },
      });
      expect(response.ok(), await response.text()).toBe(true);
    }

    // 30 jobs, booked and approved through the API (the booking screens have their own journeys).
    const jobs: { id: string; orderId: string }[] = [];
    for (let i = 0; i < 30; i += 6) {
      const batch = await Promise.all([0, 1, 2, 3, 4, 5].map((k) => bookJob(api, customerToken, i + k)));
      await Promise.all(batch.map((job) => approveJob(api, staffToken, job.id)));
      jobs.push(...batch);
    }

    const staff = await rolePage(browser, server, desktop, 'ADMIN', zone);
    // The third driver's shift through the users page.
    await staff.goto('/admin/users');
    await staff.getByRole('searchbox', { name: 'Search users' }).fill('Ana');
    await staff.getByRole('button', { name: /edit the shift of Ana Ruiz/ }).click();
    const shiftDialog = staff.getByRole('dialog', { name: 'Shift of Ana Ruiz' });
    await shiftDialog.getByLabel('Shift start').fill('07:30');
    await shiftDialog.getByLabel('Shift end').fill('14:00');
    await shiftDialog.getByLabel('Vehicle capacity (units)').fill('16');
    await expectAccessible(staff, 'driver shift dialog');
    await shot(staff, 'shift-dialog-desktop');
    await shiftDialog.getByRole('button', { name: 'Save shift' }).click();
    await expect(toast(staff, 'Shift of Ana Ruiz saved')).toBeVisible();
    await expect(staff.getByRole('button', { name: /^Shift 07:30–14:00: edit the shift of Ana Ruiz/ })).toBeVisible();

    // The live map, from the dispatch board.
    await staff.goto('/admin/dashboard');
    await staff.getByRole('link', { name: 'Map & route planning' }).click();
    await expect(staff.getByRole('heading', { name: 'Map & planning' })).toBeVisible();
    await expect(staff.getByRole('heading', { name: /^Open jobs \(\d+\)$/ })).toBeVisible();
    await expect(staff.getByText(`#${jobs[0].orderId}`)).toBeVisible();
    // No tiles in the suite: the markers and the lists still work.
    await expect(staff.getByText(/Map tiles are unavailable/)).toBeVisible();
    await expect(staff.getByTestId('dispatch-map').locator('.route-pin').first()).toBeVisible();
    await expectAccessible(staff, 'live map');
    await shot(staff, 'live-map-desktop');

    // Plan from now, every driver on shift, every open job.
    await staff.getByRole('button', { name: 'Plan routes' }).click();
    await expect(staff.getByRole('group', { name: /Drivers \(\d+ of \d+ on shift\)/ })).toBeVisible();
    await staff.getByRole('button', { name: 'Preview plan' }).click();
    const routes = staff.getByRole('list', { name: 'Planned routes' });
    await expect(routes).toBeVisible({ timeout: 30_000 });
    await expect(staff.getByRole('heading', { name: 'Plan preview' })).toBeVisible();
    for (const name of ['Marcus Bell', 'Ana Ruiz', 'Theo Park']) await expect(routes.getByRole('heading', { name })).toBeVisible();
    await expect(routes.getByText(`#${jobs[0].orderId}`).first()).toBeVisible();
    await expectAccessible(staff, 'plan preview');
    await shot(staff, 'plan-preview-desktop');

    // Something moves before Apply: the preview is stale, the screen says so and plans again.
    const cancelled = jobs[29];
    expect(
      (
        await api.post(`/api/v1/admin/deliveries/${cancelled.id}/cancel`, { headers: auth(staffToken), data: { reason: 'Ward closed' } })
      ).ok(),
    ).toBe(true);
    await staff.getByRole('button', { name: 'Apply plan' }).click();
    await expect(staff.getByRole('alert').filter({ hasText: 'This preview is out of date.' })).toBeVisible();
    await staff.getByRole('button', { name: 'Plan again' }).click();
    await expect(staff.getByRole('alert').filter({ hasText: 'This preview is out of date.' })).toHaveCount(0);
    await expect(routes).toBeVisible();
    await expect(routes.getByText(`#${cancelled.orderId}`)).toHaveCount(0);
    await staff.getByRole('button', { name: 'Apply plan' }).click();
    await expect(toast(staff, /^Plan applied: \d+ jobs? on \d routes?$/)).toBeVisible();
    await expect(staff.getByRole('heading', { name: 'Live map' })).toBeVisible();

    // The driver's phone: the run in the plan's order, each with its planned arrival, the next stop first.
    const driverToken = await loginViaApi(api, server.account('DRIVER'));
    const runJobs = (
      (await (await api.get('/api/v1/driver/deliveries', { headers: auth(driverToken) })).json()) as {
        data: { orderId: string; plannedOrder: number | null; plannedArrival: string | null }[];
      }
    ).data;
    const planned = runJobs.filter((j) => j.plannedOrder !== null);
    expect(planned.length).toBeGreaterThan(0);
    const driver = await rolePage(browser, server, phone, 'DRIVER', zone);
    const list = driver.getByRole('list', { name: "Today's jobs" });
    const jobLinks = list.getByRole('link', { name: /#MC/ });
    await expect(jobLinks.first()).toBeVisible();
    const shown = (await jobLinks.allTextContents()).map((text) => text.match(/#(MC[0-9A-Z]{10})/)?.[1]);
    expect(shown.slice(0, planned.length)).toEqual(planned.map((j) => j.orderId));
    await expect(driver.getByText('Next stop')).toBeVisible();
    await expect(jobLinks.first()).toContainText('Planned arrival');
    const directions = driver.getByRole('link', { name: 'Directions in maps' });
    await expect(directions).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/);
    await expect(directions).toHaveAttribute('target', '_blank');
    await expectAccessible(driver, 'driver run with planned arrivals');
    await shot(driver, 'driver-run-phone');

    // A STAT comes in and is approved while the routes run: one click puts it on the best route.
    const stat = await bookJob(api, customerToken, 30, { priority: 'stat' });
    await approveJob(api, staffToken, stat.id);
    const offer = staff.getByRole('region', { name: /STAT waiting for a driver/ });
    await expect(offer).toBeVisible({ timeout: 20_000 });
    await expectAccessible(staff, 'STAT insertion offer');
    await shot(staff, 'stat-offer-desktop');
    await offer.getByRole('button', { name: `Insert into best route #${stat.orderId}` }).click();
    await expect(toast(staff, new RegExp(`^#${stat.orderId} goes to .+ \\(pickup .+, drop .+\\)$`))).toBeVisible({ timeout: 20_000 });
    await expect(offer).toHaveCount(0);
    const after = (await (await api.get(`/api/v1/admin/deliveries/${stat.id}`, { headers: auth(staffToken) })).json()) as {
      data: { status: string };
    };
    expect(after.data.status).toBe('assigned');

    // The same console on a phone: the map above, the lists and the planner below.
    await staff.setViewportSize({ width: 390, height: 844 });
    await staff.getByRole('button', { name: 'Live' }).click();
    await expect(staff.getByRole('heading', { name: 'Live map' })).toBeVisible();
    await shot(staff, 'live-map-phone');
    await staff.getByRole('button', { name: 'Plan routes' }).click();
    await staff.getByRole('button', { name: 'Preview plan' }).click();
    await expect(staff.getByRole('heading', { name: 'Plan preview' })).toBeVisible({ timeout: 30_000 });
    await expectAccessible(staff, 'plan preview on a phone');
    await shot(staff, 'plan-preview-phone');
    await staff.getByRole('button', { name: 'Discard' }).click();
    await expect(staff.getByRole('heading', { name: 'Live map' })).toBeVisible();

    await staff.context().close();
    await driver.context().close();
  });
});
