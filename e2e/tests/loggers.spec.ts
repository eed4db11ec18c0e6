import { expectAccessible } from '../fixtures/accessibility.js';
import { loginViaApi } from '../fixtures/api-helpers.js';
import { expect, test } from '../fixtures/index.js';
import { toast } from './support/accounts.js';
import { approveAndAssign, auth, screenshotsBothTo } from './support/lab-run.js';
import { desktop, personaPage, phone } from './support/personas.js';

/**
 * Loggers that report on their own (issue 36): the driver scans the cooler's logger onto a refrigerated parcel at
 * pickup; the clinic's gateway posts a warm spell with its API key (scope readings:write); the parcel is held in
 * that request, and the owner's and dispatch's delivery pages show the hold and the trace's breach; dispatch sees
 * the logger on its Loggers page, and an administrator the rules. Axe on each page.
 */

const shot = screenshotsBothTo(process.env.SHOTS);

test.describe('temperature loggers', () => {
  test.describe.configure({ timeout: 300_000 });

  test('a logger bound at pickup reports a warm spell: the parcel is held and the chart shows the breach', async ({
    browser,
    app,
    request,
  }) => {
    const base = app.baseURL;
    const clinic = app.account('CUSTOMER');
    const customerToken = await loginViaApi(request, clinic);
    const staffToken = await loginViaApi(request, app.account('STAFF'));
    const loggerId = `LOG-${Date.now().toString(36).toUpperCase()}`;

    // A refrigerated specimen, booked through the API and sent to the driver.
    const booked = await request.post('/api/v1/deliveries', {
      headers: auth(customerToken),
      data: {
        senderPhone: '+1 617 555 0100',
        pickupAddress: '55 Fruit St, Boston, MA 02114',
        recipientName: 'Core Lab Receiving',
        recipientPhone: '617-555-0177',
        recipientEmail: `core-lab-${Date.now().toString(36)}@example.test`,
        deliveryAddress: '330 Brookline Ave, Boston, MA 02215',
        requiredBy: new Date(Date.now() + 2 * 86_400_000).toISOString(),
        packageType: 'SPECIMEN',
        packageSize: 'medium',
        deliveryType: 'EXPRESS',
        temperature: 'refrigerated',
        specimen: { category: 'exempt', collectedAt: new Date(Date.now() - 3_600_000).toISOString(), stableForHours: 48 },
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const { _id: id, data } = (await booked.json()) as { _id: string; data: { orderId: string } };
    const orderId = data.orderId;
    await approveAndAssign(request, staffToken, id);

    // The driver picks it up and scans the logger in the cooler onto it (a hand scanner types the ID).
    const drv = app.account('DRIVER');
    const driver = await personaPage(browser, base, phone, drv.email, drv.password, /\/driver\/home$/);
    await driver.getByRole('link', { name: new RegExp(`#${orderId}`) }).click();
    await driver.getByRole('button', { name: 'Start pickup run' }).click();
    await expect(driver.getByText('Moving to pickup').first()).toBeVisible();
    await driver.getByRole('button', { name: 'Check parcel & pick up' }).click();
    await driver.getByLabel('Tracking number on the label').fill(orderId);
    await driver.getByLabel(/Temperature at pickup/).fill('4.2');
    await driver.getByRole('button', { name: 'Confirm pickup' }).click();
    await expect(toast(driver, `#${orderId} picked up`)).toBeVisible();
    const loggerField = driver.getByLabel('Logger in the cooler (scan or type its ID)');
    await loggerField.pressSequentially(loggerId);
    await driver.getByRole('button', { name: 'Bind' }).click();
    await expect(toast(driver, `Logger ${loggerId} travels with the parcel`)).toBeVisible();
    await expectAccessible(driver, 'driver job with the logger bound');
    await shot(driver, 'driver-logger-bound');

    // The clinic's gateway, with its own key, posts the logger's last minutes: a warm spell past 8 °C.
    const key = await request.post('/api/v1/api-keys', {
      headers: auth(customerToken),
      data: { name: 'Cooler gateway', scopes: ['readings:write'] },
    });
    expect(key.status(), await key.text()).toBe(201);
    const gateway = { Authorization: `Bearer ${((await key.json()) as { data: { secret: string } }).data.secret}` };
    const now = Date.now();
    const celsius = [4.0, 4.2, 4.5, 5.1, 6.0, 7.4, 8.6, 9.4, 9.8, 9.6];
    const readings = celsius.map((c, i) => ({ at: new Date(now - (celsius.length - 1 - i) * 10_000).toISOString(), celsius: c }));
    const posted = await request.post('/api/v1/devices/readings', { headers: gateway, data: { deviceId: loggerId, readings } });
    expect(posted.status(), await posted.text()).toBe(200);
    // Held in that very request: the answer names the parcel.
    expect(await posted.json()).toMatchObject({ accepted: 10, duplicates: 0, held: [orderId] });
    const again = await request.post('/api/v1/devices/readings', { headers: gateway, data: { deviceId: loggerId, readings } });
    expect(await again.json()).toMatchObject({ accepted: 0, duplicates: 10 });

    // The owner's delivery page: the hold, and the trace's figure (the driver's probe reading and the logger's ten) naming the breach.
    const customer = await personaPage(browser, base, desktop, clinic.email, clinic.password, /\/user\/home$/);
    await customer.goto(`/delivery/${id}`);
    await expect(customer.getByText(/On hold for temperature since/)).toBeVisible();
    const figure = customer.getByRole('figure', { name: 'Temperature trace' });
    await expect(figure).toBeVisible();
    await expect(figure.getByTestId('trace-summary')).toHaveText(/^11 readings, 4–9\.8 °C; above 8 °C for \d+ min from /);
    await expect(figure.getByText(new RegExp(`Breach: logger ${loggerId}, above 8 °C at all \\(critical\\)`))).toBeVisible();
    await expect(figure.locator('.recharts-reference-area').first()).toBeVisible();
    await figure.getByRole('button', { name: 'Show the readings as a table' }).click();
    await expect(figure.getByRole('table', { name: 'Temperature trace: every reading' }).getByRole('row')).toHaveCount(12);
    await expectAccessible(customer, 'owner delivery page with the trace');
    await shot(customer, 'owner-delivery-trace');

    // Dispatch: the board's hold queue, the delivery page's trace, the Loggers page.
    const staff = await personaPage(
      browser,
      base,
      desktop,
      app.account('STAFF').email,
      app.account('STAFF').password,
      /\/admin\/dashboard$/,
    );
    await expect(staff.getByRole('region', { name: /On hold/ }).getByText(`#${orderId}`)).toBeVisible();
    await staff.goto(`/admin/deliveries/${id}`);
    await expect(staff.getByText(/On hold for temperature since/)).toBeVisible();
    await expect(staff.getByRole('figure', { name: 'Temperature trace' }).getByTestId('trace-summary')).toContainText('above 8 °C');
    await expectAccessible(staff, 'staff delivery page with the trace');
    await staff.getByRole('link', { name: 'Loggers' }).first().click();
    await expect(staff).toHaveURL(/\/admin\/devices$/);
    const row = staff.getByRole('row').filter({ hasText: loggerId });
    await expect(row).toContainText('9.6 °C');
    await expect(row.getByRole('link', { name: orderId })).toBeVisible();
    await expectAccessible(staff, 'loggers page');
    await shot(staff, 'staff-loggers');

    // An administrator sees each class's boundaries as a form (saving the frozen class's range as it stands changes nothing).
    const adm = app.account('ADMIN');
    const admin = await personaPage(browser, base, desktop, adm.email, adm.password, /\/admin\/dashboard$/);
    await admin.goto('/admin/devices');
    const frozen = admin.getByRole('form', { name: 'Frozen (-25 to -10 °C)' });
    await expect(frozen.getByRole('group', { name: 'Boundary 1' }).getByLabel('°C')).toHaveValue('-10');
    await expectAccessible(admin, 'loggers page with the rules form');
    await shot(admin, 'admin-rules');
    await frozen.getByRole('button', { name: 'Save rule' }).click();
    await expect(toast(admin, 'Frozen (-25 to -10 °C): rule saved')).toBeVisible();
  });
});
