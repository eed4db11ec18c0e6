import { type APIRequestContext, request as apiRequest } from '@playwright/test';
import { expectAccessible } from '../fixtures/accessibility.js';
import { loginViaApi } from '../fixtures/api-helpers.js';
import { expect, type RunningServer, test } from '../fixtures/index.js';
import { startServer } from '../fixtures/server.js';
import { toast } from './support/accounts.js';
import { approveJob, auth, bookJob, DROPS, zoneAt } from './support/planning-day.js';
import { desktop, screenshotsTo } from './support/personas.js';

/**
 * Re-plan the rest of today: the day's routes are applied, a STAT is booked at 10:40 and approved, dispatch presses
 * "Re-plan the rest of today" on the map, sees the changes (the STAT placed, few stops moved) and the objective's
 * parts, applies, and the driver who takes the STAT is told. Before that, an administrator gives a driver skills,
 * a cold compartment and a break on the users page.
 *
 * Its own server, in a business time zone where it is now between 10:00 and 11:00 (shifts cannot cross midnight).
 */

const shot = screenshotsTo(process.env.ROUTE_PLAN_SHOTS);
/** The day's drops: the first six of the journeys' list. */
const book = (request: APIRequestContext, token: string, i: number, priority: 'routine' | 'stat' = 'routine') =>
  bookJob(request, token, i, { priority, drops: DROPS.slice(0, 6) });

test.describe('re-plan the rest of today', () => {
  test.describe.configure({ timeout: 420_000 });
  let server: RunningServer;
  let api: APIRequestContext;
  const zone = zoneAt(10);

  test.beforeAll(async ({ mail }) => {
    test.setTimeout(240_000);
    server = await startServer({ label: 'courier-replan', env: { SMTP_URL: mail.url, BUSINESS_TZ: zone } });
    api = await apiRequest.newContext({ baseURL: server.baseURL });
  });
  test.afterAll(async () => {
    await api?.dispose();
    await server?.stop();
  });

  test('dispatch re-plans after a STAT is booked, sees the changes and applies; the driver is told', async ({ browser }) => {
    const adminToken = await loginViaApi(api, server.account('ADMIN'));
    const staffToken = await loginViaApi(api, server.account('STAFF'));
    const customerToken = await loginViaApi(api, server.account('CUSTOMER'));
    const drivers = (
      (await (await api.get('/api/v1/admin/drivers', { headers: auth(staffToken) })).json()) as {
        data: { _id: string; firstName: string; lastName: string }[];
      }
    ).data;
    for (const driver of drivers) {
      const response = await api.patch(`/api/v1/admin/users/${driver._id}/shift`, {
        headers: auth(adminToken),
        data: { shift: { start: '08:00', end: '17:00', startPlace: 'base' }, vehicleCapacity: 20 },
      });
      expect(response.ok(), await response.text()).toBe(true);
    }

    const context = await browser.newContext({
      ...desktop,
      baseURL: server.baseURL,
      serviceWorkers: 'block',
      locale: 'en-US',
      timezoneId: zone,
    });
    await context.route(
      (url) => !['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol.startsWith('http'),
      (route) => route.abort('blockedbyclient'),
    );
    const staff = await context.newPage();
    await staff.goto('/auth/login');
    await staff.getByLabel('Email').fill(server.account('ADMIN').email);
    await staff.getByLabel('Password', { exact: true }).fill(server.account('ADMIN').password);
    await staff.getByRole('button', { name: 'Sign in' }).click();
    await expect(staff).toHaveURL(/\/admin\/dashboard$/, { timeout: 20_000 });

    // Skills, a cold compartment and a lunch break for Ana Ruiz, on the users page.
    await staff.goto('/admin/users');
    await staff.getByRole('searchbox', { name: 'Search users' }).fill('Ana');
    await staff.getByRole('button', { name: /edit the shift of Ana Ruiz/ }).click();
    const dialog = staff.getByRole('dialog', { name: 'Shift of Ana Ruiz' });
    await dialog.getByLabel('Cold compartment (units)').fill('6');
    await dialog.getByRole('checkbox', { name: 'The planner places a break in this shift' }).check();
    await dialog.getByLabel('Length (minutes)').fill('30');
    await dialog.getByRole('checkbox', { name: 'Refrigerated (2–8 °C)' }).check();
    await dialog.getByRole('checkbox', { name: 'UN3373 specimens trained' }).check();
    await dialog.getByLabel('Other skills').fill('Night Runs');
    await expectAccessible(staff, 'driver shift dialog with skills and break');
    await shot(staff, 'skills-dialog-desktop');
    await dialog.getByRole('button', { name: 'Save shift' }).click();
    await expect(toast(staff, 'Shift of Ana Ruiz saved')).toBeVisible();
    const ana = drivers.find((d) => d.firstName === 'Ana');
    const saved = (await (await api.get('/api/v1/admin/users?role=DRIVER', { headers: auth(adminToken) })).json()) as {
      data: { _id: string; skills: string[]; coldCapacity: number; shift: { break: { minutes: number } | null } }[];
    };
    expect(saved.data.find((u) => u._id === ana?._id)).toMatchObject({
      skills: ['night_runs', 'refrigerated', 'un3373_trained'],
      coldCapacity: 6,
      shift: { break: { minutes: 30 } },
    });

    // The morning's routes: six jobs planned and applied.
    const jobs: { id: string; orderId: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const job = await book(api, customerToken, i);
      await approveJob(api, staffToken, job.id);
      jobs.push(job);
    }
    const planned = await api.post('/api/v1/admin/route-plans', { headers: auth(staffToken), data: { now: true } });
    expect(planned.status(), await planned.text()).toBe(201);
    const planId = ((await planned.json()) as { data: { _id: string } }).data._id;
    expect((await api.post(`/api/v1/admin/route-plans/${planId}/apply`, { headers: auth(staffToken), data: {} })).ok()).toBe(true);

    // 10:40: a STAT is booked and approved.
    const stat = await book(api, customerToken, 6, 'stat');
    await approveJob(api, staffToken, stat.id);

    await staff.goto('/admin/dispatch-map');
    await expect(staff.getByRole('heading', { name: 'Map & planning' })).toBeVisible();
    await staff.getByRole('button', { name: 'Re-plan the rest of today' }).click();
    const changes = staff.getByRole('list', { name: 'Changes' });
    await expect(changes).toBeVisible({ timeout: 60_000 });
    await expect(changes.getByText(`#${stat.orderId}`)).toBeVisible();
    await expect(changes.locator('li').first()).toContainText('STAT');
    const objective = staff.getByRole('definition').filter({ hasText: /\d/ });
    await expect(staff.getByText('Stops moved')).toBeVisible();
    await expect(objective.first()).toBeVisible();
    await expect(staff.getByRole('list', { name: 'Planned routes' })).toBeVisible();
    await expectAccessible(staff, 're-plan preview with its changes');
    await shot(staff, 'replan-preview-desktop');
    // Stability: few of the stops already planned go to another driver (a quarter at most on this small day).
    const moved = Number(await staff.getByText('Stops moved').locator('xpath=following-sibling::dd').textContent());
    const stops = await staff
      .getByRole('list', { name: /^Stops of / })
      .locator('li')
      .count();
    expect(moved).toBeLessThanOrEqual(Math.ceil(stops / 4));

    await staff.getByRole('button', { name: 'Apply re-plan' }).click();
    await expect(toast(staff, /^Re-plan applied: \d+ changes?; the drivers concerned are told$/)).toBeVisible({ timeout: 20_000 });
    const after = (await (await api.get(`/api/v1/admin/deliveries/${stat.id}`, { headers: auth(staffToken) })).json()) as {
      data: { status: string };
    };
    expect(after.data.status).toBe('assigned');

    // The driver who took the STAT hears of it in the app.
    // The seed's two drivers: Marcus Bell (the demo account) and Ana Ruiz.
    const tokens = [
      await loginViaApi(api, server.account('DRIVER')),
      await loginViaApi(api, { email: 'driver2@medcourier.example', password: server.account('DRIVER').password }),
    ];
    const told = [];
    for (const token of tokens) {
      const list = (await (await api.get('/api/v1/notifications', { headers: auth(token) })).json()) as
        | { title: string; message: string }[]
        | { data: { title: string; message: string }[] };
      const items = Array.isArray(list) ? list : list.data;
      told.push(...items.filter((n) => n.title === 'Your route changed'));
    }
    expect(told.some((n) => n.message.includes(stat.orderId))).toBe(true);

    // The same screen on a phone.
    await staff.setViewportSize({ width: 390, height: 844 });
    await expect(staff.getByRole('button', { name: 'Re-plan the rest of today' })).toBeVisible();
    await shot(staff, 'replan-phone');
    await context.close();
  });
});
