import { type APIRequestContext, type Page, request as apiRequest } from '@playwright/test';
import { expectAccessible } from '../fixtures/accessibility.js';
import { loginViaApi } from '../fixtures/api-helpers.js';
import { expect, type RunningServer, test } from '../fixtures/index.js';
import { startServer } from '../fixtures/server.js';
import { toast } from './support/accounts.js';
import { auth, rolePage, zoneAt } from './support/planning-day.js';
import { desktop, phone, screenshotsTo } from './support/personas.js';

/**
 * Route progress: dispatch applies a plan, sees the driver's route and progress on the map's Routes tab, moves a
 * stop down the route and the driver's phone follows; the driver heads to the new first drop and, once it is
 * about 10 minutes away, its recipient gets the e-mail "Your MedCourier driver is about 10 minutes away", once,
 * and tracking says the same minutes.
 *
 * Its own server, in a business time zone where it is now between 08:00 and 09:00 (shifts cannot cross midnight).
 */

const shot = screenshotsTo(process.env.ROUTE_PROGRESS_SHOTS);

const JOBS = [
  { pickup: '55 Fruit St, Boston, MA 02114', drop: '330 Brookline Ave, Boston, MA 02215' },
  { pickup: '1 Kendall Sq, Cambridge, MA 02139', drop: '5 Harvard Sq, Cambridge, MA 02138' },
  { pickup: '800 Washington St, Boston, MA 02111', drop: '12 Dorchester Ave, Boston, MA 02127' },
];

test.describe('route progress', () => {
  test.describe.configure({ timeout: 360_000 });
  let server: RunningServer;
  let api: APIRequestContext;
  const zone = zoneAt(8);

  test.beforeAll(async ({ mail }) => {
    test.setTimeout(240_000);
    server = await startServer({ label: 'courier-route-progress', env: { SMTP_URL: mail.url, BUSINESS_TZ: zone } });
    api = await apiRequest.newContext({ baseURL: server.baseURL });
  });
  test.afterAll(async () => {
    await api?.dispose();
    await server?.stop();
  });

  test('an applied route on the map, resequenced, followed by the phone, and the 10-minute e-mail once', async ({ browser, mail }) => {
    const adminToken = await loginViaApi(api, server.account('ADMIN'));
    const staffToken = await loginViaApi(api, server.account('STAFF'));
    const customerToken = await loginViaApi(api, server.account('CUSTOMER'));
    const driverToken = await loginViaApi(api, server.account('DRIVER'));

    // One driver on shift (the seeded Marcus Bell): the plan gives them every job.
    const drivers = (
      (await (await api.get('/api/v1/admin/drivers', { headers: auth(staffToken) })).json()) as { data: { _id: string; email: string }[] }
    ).data;
    for (const d of drivers) {
      const mine = d.email === server.account('DRIVER').email;
      const response = await api.patch(`/api/v1/admin/users/${d._id}/shift`, {
        headers: auth(adminToken),
        data: mine ? { shift: { start: '07:00', end: '14:00', startPlace: 'base' }, vehicleCapacity: 20 } : { shift: null },
      });
      expect(response.ok(), await response.text()).toBe(true);
    }
    const stamp = Date.now().toString(36);
    const jobs: { id: string; orderId: string; email: string }[] = [];
    for (const [i, j] of JOBS.entries()) {
      const email = `ward-${stamp}-${i}@example.test`;
      const booked = await api.post('/api/v1/deliveries', {
        headers: auth(customerToken),
        data: {
          senderPhone: '+1 617 555 0100',
          pickupAddress: j.pickup,
          recipientName: `Ward ${i + 1}`,
          recipientPhone: '617-555-0123',
          recipientEmail: email,
          deliveryAddress: j.drop,
          requiredBy: new Date(Date.now() + 5 * 3_600_000).toISOString(),
          packageType: 'MEDICATION',
          packageSize: 'small',
          deliveryType: 'EXPRESS',
        },
      });
      expect(booked.status(), await booked.text()).toBe(201);
      const body = (await booked.json()) as { _id: string; data: { orderId: string } };
      const approved = await api.post(`/api/v1/admin/deliveries/${body._id}/approve`, { headers: auth(staffToken), data: {} });
      expect(approved.ok(), await approved.text()).toBe(true);
      jobs.push({ id: body._id, orderId: body.data.orderId, email });
    }

    // Dispatch plans and applies.
    const staff = await rolePage(browser, server, desktop, 'STAFF', zone);
    await staff.goto('/admin/dispatch-map');
    await staff.getByRole('button', { name: 'Plan routes', exact: true }).click();
    await staff.getByRole('button', { name: 'Preview plan' }).click();
    await expect(staff.getByRole('list', { name: 'Planned routes' })).toBeVisible({ timeout: 30_000 });
    await staff.getByRole('button', { name: 'Apply plan' }).click();
    // (the demo's open jobs are planned too)
    await expect(toast(staff, /^Plan applied: \d+ jobs on 1 route$/)).toBeVisible();

    // The route and its progress, on the map and in the list.
    await staff.getByRole('button', { name: 'Routes', exact: true }).click();
    await expect(staff.getByRole('heading', { name: 'Routes under way' })).toBeVisible();
    const stops = staff.getByRole('list', { name: "Marcus Bell's stops in order" });
    await expect(stops.getByRole('listitem').first()).toBeVisible();
    await expect(staff.getByText(/^\d+ of \d+ jobs done/).first()).toBeVisible();
    await expect(staff.getByTestId('dispatch-map').locator('.route-pin').first()).toBeVisible();
    const order = async (list: ReturnType<Page['getByRole']>) =>
      (await list.getByText(/^#MC/).allTextContents()).map((t) => t.match(/MC[0-9A-Z]{10}/)?.[0]);
    const before = await order(stops);
    await expectAccessible(staff, 'applied routes');
    await shot(staff, 'routes-desktop');

    // The driver's phone shows the run in that order.
    const driver = await rolePage(browser, server, phone, 'DRIVER', zone);
    const run = driver.getByRole('list', { name: "Today's jobs" });
    const runOrder = async () =>
      (await run.getByRole('link', { name: /#MC/ }).allTextContents()).map((t) => t.match(/MC[0-9A-Z]{10}/)?.[0]);
    await expect.poll(async () => (await runOrder()).slice(0, before.length)).toEqual(before);

    // Dispatch moves the first stop down (the keyboard's way); the list and the phone follow.
    await staff.getByRole('button', { name: `Move #${before[0]} down` }).click();
    await expect(staff.getByText(`#${before[0]} is now stop 2 on Marcus Bell's route`)).toBeVisible();
    const after = [before[1], before[0], ...before.slice(2)];
    // (the driver's other open jobs now follow on the route)
    await expect.poll(async () => (await order(stops)).slice(0, after.length)).toEqual(after);
    await expect.poll(async () => (await runOrder()).slice(0, after.length), { timeout: 20_000 }).toEqual(after);
    await expectAccessible(driver, 'driver run after a resequence');
    await shot(driver, 'driver-run-resequenced-phone');

    // Dispatch puts one of this journey's jobs first (the same call), and the driver collects it and heads to its drop.
    const first = jobs[0];
    const put = await api.put(`/api/v1/admin/drivers/${drivers.find((d) => d.email === server.account('DRIVER').email)?._id}/route`, {
      headers: auth(staffToken),
      data: { deliveryIds: [first.id] },
    });
    expect(put.ok(), await put.text()).toBe(true);
    await expect.poll(async () => (await runOrder())[0], { timeout: 20_000 }).toBe(first.orderId);
    for (const body of [
      { status: 'moving_to_pickup_location' },
      { status: 'picked_up', scannedOrderId: first.orderId },
      { status: 'in_transit' },
    ]) {
      const moved = await api.post(`/api/v1/driver/deliveries/${first.id}/status`, {
        headers: { ...auth(driverToken), 'Idempotency-Key': crypto.randomUUID() },
        data: body,
      });
      expect(moved.ok(), await moved.text()).toBe(true);
    }
    const map = (await (await api.get('/api/v1/admin/live-map', { headers: auth(staffToken) })).json()) as {
      data: { jobs: { _id: string; dropoff: { lat: number; lng: number } }[] };
    };
    const drop = map.data.jobs.find((j) => j._id === first.id)?.dropoff as { lat: number; lng: number };
    // A fix about a kilometre from the door: a couple of minutes away.
    const fix = await api.post('/api/v1/driver/location', { headers: auth(driverToken), data: { lat: drop.lat + 0.008, lng: drop.lng } });
    expect(fix.ok(), await fix.text()).toBe(true);
    const mailed = await mail.waitFor({ to: first.email, subject: /Your MedCourier driver is about 10 minutes away/ });
    expect(mailed.text).toContain('Your MedCourier driver is about 10 minutes away.');
    const tracked = (await (await api.get(`/api/v1/deliveries/track/${first.orderId}`)).json()) as {
      data: { arrivingSoon: string | null };
    };
    expect(tracked.data.arrivingSoon).toMatch(/^About \d+ minutes? away$/);

    // Once: a later fix closer still sends nothing more.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const closer = await api.post('/api/v1/driver/location', {
      headers: auth(driverToken),
      data: { lat: drop.lat + 0.002, lng: drop.lng },
    });
    expect(closer.ok(), await closer.text()).toBe(true);
    await expect(mail.waitFor({ to: first.email, subject: /about 10 minutes away/, timeoutMs: 5_000 })).rejects.toThrow();

    // The progress on a phone.
    await staff.setViewportSize({ width: 390, height: 844 });
    await expect(stops).toBeVisible();
    await expectAccessible(staff, 'applied routes on a phone');
    await shot(staff, 'routes-phone');
    await staff.context().close();
    await driver.context().close();
  });
});
