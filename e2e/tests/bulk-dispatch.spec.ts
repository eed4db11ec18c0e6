import { type APIRequestContext, type Browser, type BrowserContextOptions, request as apiRequest } from '@playwright/test';
import { expectAccessible } from '../fixtures/accessibility.js';
import { loginViaApi } from '../fixtures/api-helpers.js';
import { expect, type RunningServer, test } from '../fixtures/index.js';
import { startServer } from '../fixtures/server.js';
import { toast } from './support/accounts.js';
import { auth, bookJob, rolePage, zoneAt } from './support/planning-day.js';
import { desktop, screenshotsTo } from './support/personas.js';

/**
 * Dispatch at volume: staff select many jobs on the board (a column's "select all", Shift+click), approve them in
 * one go (one refused with its reason, in one summary), assign a selection to a driver from the keyboard, give one
 * job to the planner's best driver, and then every approved job at once, each with the driver chosen and why.
 *
 * Its own server, in a business time zone where it is now between 08:00 and 09:00, so the drivers' shifts run.
 */

const shot = screenshotsTo(process.env.BULK_SHOTS);
const phone: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DROPS = ['330 Brookline Ave, Boston, MA 02215', '20 Broadway, Somerville, MA 02145', '1 Beacon St, Brookline, MA 02446'];

const book = (request: APIRequestContext, token: string, i: number, priority: 'routine' | 'stat' = 'routine') =>
  bookJob(request, token, i, { priority, drops: DROPS, ward: 'Bulk ward' });
const staffPage = (browser: Browser, server: RunningServer, options: BrowserContextOptions, zone: string) =>
  rolePage(browser, server, options, 'STAFF', zone);

test.describe('bulk dispatch', () => {
  test.describe.configure({ timeout: 300_000 });
  let server: RunningServer;
  let api: APIRequestContext;
  const zone = zoneAt(8);

  test.beforeAll(async ({ mail }) => {
    test.setTimeout(240_000);
    server = await startServer({ label: 'courier-bulk-dispatch', env: { SMTP_URL: mail.url, BUSINESS_TZ: zone } });
    api = await apiRequest.newContext({ baseURL: server.baseURL });
  });
  test.afterAll(async () => {
    await api?.dispose();
    await server?.stop();
  });

  test('staff approve and assign many jobs at once, from the keyboard too, and auto-assign with the reason shown', async ({ browser }) => {
    const adminToken = await loginViaApi(api, server.account('ADMIN'));
    const staffToken = await loginViaApi(api, server.account('STAFF'));
    const customerToken = await loginViaApi(api, server.account('CUSTOMER'));
    const drivers = (
      (await (await api.get('/api/v1/admin/drivers', { headers: auth(staffToken) })).json()) as {
        data: { _id: string; firstName: string; lastName: string; isActive: boolean }[];
      }
    ).data.filter((d) => d.isActive);
    for (const driver of drivers) {
      const response = await api.patch(`/api/v1/admin/users/${driver._id}/shift`, {
        headers: auth(adminToken),
        data: { shift: { start: '07:00', end: '14:00', startPlace: 'base' }, vehicleCapacity: 20 },
      });
      expect(response.ok(), await response.text()).toBe(true);
    }
    const jobs = [];
    for (let i = 0; i < 4; i++) jobs.push(await book(api, customerToken, i));

    const staff = await staffPage(browser, server, desktop, zone);
    // The demo's own jobs share the board: the search keeps to this journey's (typing in it is no shortcut).
    const search = staff.getByRole('searchbox', { name: 'Search deliveries' });
    await search.pressSequentially('Bulk ward');
    const toApprove = staff.getByRole('region', { name: 'To approve' });
    for (const job of jobs) await expect(toApprove.getByRole('link', { name: `#${job.orderId}` })).toBeVisible();
    // The search has narrowed the column to this journey's four (the demo's STAT jobs would sort first).
    const boxes = toApprove.getByRole('checkbox', { name: /^Select #MC/ });
    await expect(boxes).toHaveCount(4);

    // Shift+click selects the range between two boxes; the column's box then selects the rest.
    await boxes.nth(0).click();
    await boxes.nth(2).click({ modifiers: ['Shift'] });
    const bar = staff.getByRole('toolbar', { name: 'Selected jobs' });
    await expect(bar.getByText('3 jobs selected')).toBeVisible();
    await toApprove.getByRole('checkbox', { name: 'Select all in To approve' }).click();
    await expect(bar.getByText('4 jobs selected')).toBeVisible();
    await expectAccessible(staff, 'board with a selection');
    await shot(staff, 'bulk-selection-desktop');

    // One job is withdrawn meanwhile: it is refused with its reason, the others are approved.
    const withdrawn = jobs[3];
    expect((await api.post(`/api/v1/deliveries/${withdrawn.id}/cancel`, { headers: auth(customerToken), data: {} })).ok()).toBe(true);
    await bar.getByRole('button', { name: 'Approve' }).click();
    const summary = staff.getByRole('dialog', { name: '3 of 4 approved, 1 refused' });
    await expect(summary).toBeVisible();
    await expect(summary.getByText(`#${withdrawn.orderId}`)).toBeVisible();
    await expect(summary.getByText(/Cannot change status from cancelled to approved/)).toBeVisible();
    await expectAccessible(staff, 'bulk result summary');
    await shot(staff, 'bulk-summary-desktop');
    await summary.getByRole('button', { name: 'Done' }).click();
    await bar.getByRole('button', { name: 'Clear the selection' }).click();

    // The keyboard: ? lists the keys; j moves to a job, x selects it, s assigns the selection to a driver.
    const toAssign = staff.getByRole('region', { name: 'To assign' });
    await expect(toAssign.getByRole('link', { name: `#${jobs[2].orderId}` })).toBeVisible();
    await staff.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await staff.keyboard.press('?');
    const help = staff.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help.getByText('Approve the selected jobs (or this job)')).toBeVisible();
    await expectAccessible(staff, 'keyboard shortcuts dialog');
    await shot(staff, 'shortcuts-desktop');
    await help.getByRole('button', { name: 'Done' }).click();
    await toAssign.getByRole('checkbox', { name: `Select #${jobs[0].orderId}` }).click();
    await toAssign.getByRole('checkbox', { name: `Select #${jobs[1].orderId}` }).click();
    await staff.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await staff.keyboard.press('s');
    const assign = staff.getByRole('dialog', { name: 'Assign 2 jobs' });
    await assign.getByRole('radio').first().check();
    await expectAccessible(staff, 'bulk assign dialog');
    await assign.getByRole('button', { name: 'Assign driver' }).click();
    await expect(toast(staff, '2 of 2 assigned')).toBeVisible();

    // Auto-assign one approved job: the driver chosen and why.
    const card = toAssign.getByRole('listitem', { name: `Delivery #${jobs[2].orderId}` });
    await card.getByRole('button', { name: `Auto-assign #${jobs[2].orderId}` }).click();
    await expect(toast(staff, new RegExp(`^#${jobs[2].orderId} assigned to .+\\. Best fit: .+'s route`))).toBeVisible({ timeout: 20_000 });

    // Two more come in, a STAT among them: "Auto-assign all approved" places both, STAT first, each with its reason.
    const more = [await book(api, customerToken, 5), await book(api, customerToken, 6, 'stat')];
    const bulk = await api.post('/api/v1/admin/deliveries/bulk', {
      headers: auth(staffToken),
      data: { action: 'approve', deliveryIds: more.map((j) => j.id) },
    });
    expect(bulk.ok(), await bulk.text()).toBe(true);
    await staff.getByRole('button', { name: 'Auto-assign all approved' }).click();
    // The demo's approved jobs are in the batch too.
    const outcome = staff.getByRole('dialog', { name: /^\d+ of \d+ auto-assigned$/ });
    await expect(outcome).toBeVisible({ timeout: 30_000 });
    const row = (orderId: string) => outcome.getByRole('listitem').filter({ hasText: `#${orderId}` });
    await expect(row(more[1].orderId)).toContainText(/To .+\. STAT, best fit: .+, delivers at \d+:\d\d [AP]M, on time for /);
    await expect(row(more[0].orderId)).toContainText(/To .+\. Best fit: /);
    await expectAccessible(staff, 'auto-assign all summary');
    await shot(staff, 'auto-assign-all-desktop');
    await outcome.getByRole('button', { name: 'Done' }).click();
    for (const job of more) {
      const after = (await (await api.get(`/api/v1/admin/deliveries/${job.id}`, { headers: auth(staffToken) })).json()) as {
        data: { status: string };
      };
      expect(after.data.status).toBe('assigned');
    }

    // The deliveries list selects the same way, a page at a time.
    await staff.goto('/admin/deliveries?q=Bulk%20ward');
    await expect(staff.getByRole('link', { name: `#${jobs[3].orderId}` })).toBeVisible();
    await staff.getByRole('checkbox', { name: 'Select all on this page' }).click();
    await expect(staff.getByRole('toolbar', { name: 'Selected jobs' }).getByText(/^\d+ jobs selected$/)).toBeVisible();
    await expectAccessible(staff, 'deliveries list with a selection');
    await shot(staff, 'list-selection-desktop');

    // A phone: the board's column switch, a selection and its bar.
    // Booked first: a request arriving shows its own notice, which would slide over the screen being checked.
    const pending = await book(api, customerToken, 7);
    const mobile = await staffPage(browser, server, phone, zone);
    await mobile.getByRole('searchbox', { name: 'Search deliveries' }).fill('Bulk ward');
    const column = mobile.getByRole('region', { name: 'To approve' });
    await column.getByRole('checkbox', { name: `Select #${pending.orderId}` }).click();
    await expect(mobile.getByRole('toolbar', { name: 'Selected jobs' }).getByText('1 job selected')).toBeVisible();
    await expectAccessible(mobile, 'board with a selection on a phone');
    await shot(mobile, 'bulk-selection-phone');
    await mobile.getByRole('toolbar', { name: 'Selected jobs' }).getByRole('button', { name: 'Approve' }).click();
    await expect(toast(mobile, `#${pending.orderId} approved`)).toBeVisible();
    await mobile.getByRole('button', { name: /^To assign/ }).click();
    await expect(mobile.getByRole('button', { name: `Auto-assign #${pending.orderId}` })).toBeVisible();
    await shot(mobile, 'auto-assign-phone');
    await mobile.keyboard.press('?');
    await expect(mobile.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await shot(mobile, 'shortcuts-phone');
  });
});
