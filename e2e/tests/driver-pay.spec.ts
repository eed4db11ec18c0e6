import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from '../fixtures/accessibility.js';
import { loginViaApi } from '../fixtures/api-helpers.js';
import { expect, test } from '../fixtures/index.js';
import { toast } from './support/accounts.js';
import { desktop, personaPage, phone, screenshotsTo } from './support/personas.js';

/**
 * Driver pay (issue 37): an administrator sets a driver's pay rule and bank account; the driver completes three
 * jobs and fails one drop, and sees the earnings on a phone; the administrator runs, approves and pays the week,
 * and downloads the statement, the payroll CSV and the NACHA file.
 */

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const shot = screenshotsTo(process.env.SHOTS_DIR);
const signaturePng = () =>
  sharp({ create: { width: 40, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } } })
    .png()
    .toBuffer();

interface Tokens {
  customer: string;
  staff: string;
  driver: string;
}

async function parcelInTransit(request: APIRequestContext, t: Tokens, driverId: string, n: number) {
  const created = await request.post('/api/v1/deliveries', {
    headers: bearer(t.customer),
    multipart: {
      senderPhone: '+1 (617) 555-0100',
      pickupAddress: '55 Fruit St, Boston, MA 02114',
      recipientName: `Pay journey ${n}`,
      recipientPhone: '617-555-0199',
      recipientEmail: `pay${n}@example.test`,
      deliveryAddress: '330 Brookline Ave, Boston, MA 02215',
      requiredBy: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      packageType: 'DOCUMENT',
      packageSize: 'small',
      deliveryType: 'EXPRESS',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { _id: id, orderId } = ((await created.json()) as { data: { _id: string; orderId: string } }).data;
  expect((await request.post(`/api/v1/admin/deliveries/${id}/approve`, { headers: bearer(t.staff), data: {} })).ok()).toBe(true);
  expect((await request.post(`/api/v1/admin/deliveries/${id}/assign`, { headers: bearer(t.staff), data: { driverId } })).ok()).toBe(true);
  for (const body of [
    { status: 'moving_to_pickup_location' },
    { status: 'picked_up', scannedOrderId: orderId },
    { status: 'in_transit' },
  ]) {
    const moved = await request.post(`/api/v1/driver/deliveries/${id}/status`, { headers: bearer(t.driver), data: body });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
  return { id, orderId };
}

test.describe('driver pay', () => {
  test.describe.configure({ timeout: 360_000 });

  test('a rule, three jobs and a failed drop on the phone, then the week run, approved, paid and exported', async ({
    browser,
    app,
    request,
  }) => {
    const adminAccount = app.accounts.find((a) => a.role === 'ADMIN') ?? app.account('SUPER_ADMIN');
    const driverAccount = app.account('DRIVER');
    const t: Tokens = {
      customer: await loginViaApi(request, app.account('CUSTOMER')),
      staff: await loginViaApi(request, app.account('STAFF')),
      driver: await loginViaApi(request, driverAccount),
    };
    const drivers = (await (await request.get('/api/v1/admin/drivers', { headers: bearer(t.staff) })).json()) as {
      data: Array<{ _id: string; email: string; firstName: string; lastName: string }>;
    };
    const me = drivers.data.find((d) => d.email === driverAccount.email)!;
    const driverName = `${me.firstName} ${me.lastName}`;

    // 1. The administrator sets the driver's rule and bank account on the Driver pay page.
    const admin = await personaPage(browser, app.baseURL, desktop, adminAccount.email, adminAccount.password, /\/admin\/dashboard$/);
    await admin.getByRole('link', { name: 'Driver pay' }).first().click();
    await expect(admin.getByRole('heading', { name: 'Driver pay' })).toBeVisible({ timeout: 20_000 });
    await admin.getByLabel('Driver', { exact: true }).selectOption(me._id);
    await expect(admin.getByTestId('rule-in-force')).toContainText('No rule');
    await admin.getByLabel('Per stop ($)').fill('4.00');
    await admin.getByLabel('Per billable mile ($)').fill('0.55');
    await admin.getByLabel('Commission (%)').fill('20');
    await admin.getByLabel('Per failed drop ($)').fill('6.00');
    await admin.getByLabel('Per return to sender ($)').fill('5.00');
    await admin.getByRole('button', { name: 'Save pay rule' }).click();
    await expect(toast(admin, 'Pay rule saved')).toBeVisible();
    await expect(admin.getByTestId('rule-in-force')).toContainText('version 1, $4.00 a stop, $0.55 a mile, 20% of base');
    await admin.getByLabel('Routing number').fill('011000016');
    await admin.getByLabel('Account number').fill('000123456789');
    await admin.getByRole('button', { name: 'Save bank account' }).click();
    await expect(admin.getByText('Enter a valid 9-digit routing number')).toBeVisible();
    await admin.getByLabel('Routing number').fill('011000015');
    await admin.getByRole('button', { name: 'Save bank account' }).click();
    await expect(toast(admin, 'Bank account saved')).toBeVisible();
    await expect(admin.getByTestId('bank-on-file')).toHaveText('Checking account ••••6789, routing ••••0015');
    await expect(admin.getByText('000123456789')).toHaveCount(0);
    await expectAccessible(admin, 'driver pay page');
    await shot(admin, 'driver-pay-1366');

    // 2. The driver completes three jobs and fails one drop.
    for (let n = 1; n <= 3; n++) {
      const p = await parcelInTransit(request, t, me._id, n);
      const pod = await request.post(`/api/v1/driver/deliveries/${p.id}/pod`, {
        headers: bearer(t.driver),
        multipart: {
          recipientName: 'Front desk',
          signature: { name: 'signature.png', mimeType: 'image/png', buffer: await signaturePng() },
        },
      });
      expect(pod.ok(), await pod.text()).toBe(true);
    }
    const failed = await parcelInTransit(request, t, me._id, 4);
    const fail = await request.post(`/api/v1/driver/deliveries/${failed.id}/status`, {
      headers: bearer(t.driver),
      data: { status: 'failed_attempt', reason: 'recipient_absent' },
    });
    expect(fail.ok(), await fail.text()).toBe(true);

    // ...and sees the earnings on the phone: today, this week, each item's arithmetic.
    const driver = await personaPage(browser, app.baseURL, phone, driverAccount.email, driverAccount.password, /\/driver\/home$/);
    await driver.getByRole('link', { name: 'Earnings' }).click();
    await expect(driver.getByRole('heading', { name: 'Earnings' })).toBeVisible({ timeout: 20_000 });
    await expect(driver.getByText(/^2 stops x \$4\.00/)).toHaveCount(3);
    await expect(driver.getByText('Failed attempt 1: $6.00 flat')).toBeVisible();
    await expect(driver.getByRole('group', { name: 'Today' })).toContainText('3 jobs');
    await expectAccessible(driver, 'driver earnings page');
    await shot(driver, 'driver-earnings-390');

    // 3. The administrator runs the week, approves it, pays it and downloads the files.
    await admin.getByRole('link', { name: 'Settlements' }).first().click();
    await expect(admin.getByRole('heading', { name: 'Settlements' })).toBeVisible({ timeout: 20_000 });
    await admin.getByRole('button', { name: 'Run settlements' }).click();
    await expect(toast(admin, /settlements? drafted/)).toBeVisible();
    const row = admin.getByRole('row', { name: new RegExp(driverName) });
    await expect(row).toContainText('draft');
    await admin.getByRole('button', { name: 'Run settlements' }).click();
    await expect(toast(admin, 'Nothing to settle in this period')).toBeVisible();
    await expectAccessible(admin, 'settlements page');
    await row.getByRole('button', { name: `Approve ${driverName}` }).click();
    await expect(row).toContainText('approved');

    const [csv] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: 'Payroll CSV' }).click()]);
    const csvText = await (await csv.createReadStream()).toArray().then((c) => Buffer.concat(c).toString('utf8'));
    expect(csvText).toContain('Driver,Driver id,Period,Jobs,Miles,Gross,Adjustments,Net');
    expect(csvText).toMatch(new RegExp(`${driverName},${me._id},[^,]+,3,`));
    expect(csvText).not.toContain('000123456789');
    const [ach] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: 'NACHA file' }).click()]);
    const achText = await (await ach.createReadStream()).toArray().then((c) => Buffer.concat(c).toString('latin1'));
    expect(
      achText
        .split(/\r?\n/)
        .filter(Boolean)
        .every((l) => l.length === 94),
    ).toBe(true);
    expect(achText).toContain('000123456789');
    const [pdf] = await Promise.all([
      admin.waitForEvent('download'),
      row.getByRole('button', { name: `Statement PDF for ${driverName}` }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/^pay-statement-.*\.pdf$/);

    await row.getByRole('button', { name: `Mark ${driverName} paid` }).click();
    await row.getByLabel('Reference').fill('ACH-2026-W10');
    await row.getByRole('button', { name: 'Save payment' }).click();
    await expect(toast(admin, `${driverName} marked paid`)).toBeVisible();
    await expect(row).toContainText('paid');
    await expect(row).toContainText('ACH-2026-W10');
    await shot(admin, 'settlements-1366');

    // The driver's past statement is on the phone, with its PDF.
    await driver.reload();
    await expect(driver.getByRole('region', { name: 'Statements' })).toContainText('Paid on', { timeout: 30_000 });
    const [own] = await Promise.all([
      driver.waitForEvent('download', { timeout: 30_000 }),
      driver.getByRole('button', { name: /Statement .* \(PDF\)/ }).click(),
    ]);
    expect(own.suggestedFilename()).toMatch(/\.pdf$/);
  });
});
