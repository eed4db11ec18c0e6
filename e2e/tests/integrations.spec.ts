import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectAccessible } from '../fixtures/accessibility.js';
import { loginViaApi } from '../fixtures/api-helpers.js';
import { expect, type RunningServer, test as base } from '../fixtures/index.js';
import { startServer } from '../fixtures/server.js';
import { bookJob } from './support/planning-day.js';

// Production refuses loopback endpoints (SSRF), and the receiver here is on loopback: this file's server runs in
// development, in a worker of its own.
const test = base.extend<object, { app: RunningServer }>({
  app: [
    async ({ mail }, use) => {
      const server = await startServer({ label: 'courier-integrations', env: { SMTP_URL: mail.url, NODE_ENV: 'development' } });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 240_000 },
  ],
});

/**
 * A customer's own systems: an API key and a webhook endpoint made in Account Settings, a delivery booked with
 * the key, and the signed event seen in the endpoint's delivery log. The receiver is a real HTTP server on
 * loopback; production refuses loopback endpoints (SSRF), so this journey runs its own server in development.
 */
test.describe('API keys and webhooks', () => {
  let receiver: Server;
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];

  test.beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  });
  test.afterAll(async () => {
    await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  });

  test('creates a key and a webhook endpoint and sees a delivery in the log', async ({ page, request, app }) => {
    const customer = app.account('CUSTOMER');
    const at = (path: string) => path;
    await page.goto(at('/auth/login'));
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/user\/home$/);
    await page.goto(at('/account-settings'));

    // The key: a name and scopes; its secret is shown once.
    const keys = page.getByRole('region', { name: 'API Keys' });
    await keys.getByLabel('Key name').fill('Dispensing system');
    await keys.getByRole('checkbox', { name: /Book and cancel deliveries/ }).check();
    await keys.getByRole('button', { name: 'Create key' }).click();
    const keySecret = (await keys.getByTestId('one-time-secret').textContent()) ?? '';
    expect(keySecret).toMatch(/^mck_[A-Za-z0-9_-]{32,}$/);
    await expect(keys.getByRole('list', { name: 'API keys' })).toContainText('Dispensing system');
    await expect(keys.getByRole('list', { name: 'API keys' })).toContainText('Last used never');

    // The endpoint: a URL and the events it hears; its signing secret is shown once.
    const hooks = page.getByRole('region', { name: 'Webhooks' });
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/medcourier`;
    await hooks.getByLabel('Endpoint URL').fill(url);
    await hooks.getByRole('checkbox', { name: 'Delivery requested' }).check();
    await hooks.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(hooks.getByTestId('one-time-secret')).toContainText(/^whsec_/);
    await expect(hooks.getByRole('list', { name: 'Webhook endpoints' })).toContainText(url);
    await expectAccessible(page, 'account settings: API keys and webhooks');

    // The customer's system books with the key; the endpoint hears of it, signed.
    const booked = await request.post(at('/api/v1/deliveries'), {
      headers: { Authorization: `Bearer ${keySecret}` },
      data: {
        senderPhone: '+1 (617) 555-0100',
        pickupAddress: '55 Fruit St, Boston, MA 02114',
        recipientName: 'Pharmacy counter',
        recipientPhone: '617-555-0199',
        recipientEmail: 'counter@example.test',
        deliveryAddress: '330 Brookline Ave, Boston, MA 02215',
        requiredBy: new Date(Date.now() + 2 * 86_400_000).toISOString(),
        packageType: 'MEDICATION',
        packageSize: 'small',
        deliveryType: 'EXPRESS',
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const { orderId } = ((await booked.json()) as { data: { orderId: string } }).data;
    await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(received[0].headers['webhook-id']).toMatch(/^msg_/);
    expect(received[0].headers['webhook-signature']).toMatch(/^v1,/);
    expect(JSON.parse(received[0].body)).toMatchObject({ type: 'delivery.created', data: { trackingNumber: orderId, status: 'pending' } });

    // The delivery log shows it (one card per attempt in this frame); Resend sends it again with the same webhook-id.
    await hooks.getByRole('button', { name: 'Delivery log' }).click();
    const cards = hooks.getByRole('list', { name: 'Delivery log' }).getByRole('listitem');
    await expect(cards.first()).toContainText('delivery.created');
    await expect(cards.first()).toContainText('200');
    await expectAccessible(page, 'webhook delivery log');
    await cards
      .first()
      .getByRole('button', { name: /^Resend delivery\.created/ })
      .click();
    await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThan(1);
    expect(received[1].headers['webhook-id']).toBe(received[0].headers['webhook-id']);
    await expect(cards).toHaveCount(2, { timeout: 20_000 });
    await hooks.screenshot({ path: 'test-results/webhook-log-laptop.png' });

    // A wide frame shows the table (time, event, status, duration, attempt, Resend), with no sideways scroll.
    await page.setViewportSize({ width: 1920, height: 1000 });
    const table = hooks.getByRole('table', { name: 'Delivery log' });
    await expect(table.getByRole('row').nth(1)).toContainText('200');
    await expect(
      table
        .getByRole('row')
        .nth(1)
        .getByRole('button', { name: /^Resend delivery\.created/ }),
    ).toBeVisible();
    expect(await table.evaluate((t) => (t.parentElement ? t.parentElement.scrollWidth <= t.parentElement.clientWidth : false))).toBe(true);
    await expectAccessible(page, 'webhook delivery log, wide');
    await hooks.screenshot({ path: 'test-results/webhook-log-desktop.png' });

    // On a phone: the cards, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(cards.first()).toContainText('delivery.created');
    await expect(cards.first().getByRole('button', { name: /^Resend delivery\.created/ })).toBeVisible();
    await expect(table).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'webhook delivery log on a phone');
    await cards.first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/webhook-log-phone.png' });
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.reload();
    await expect(page.getByRole('region', { name: 'API Keys' }).getByRole('list', { name: 'API keys' })).not.toContainText(
      'Last used never',
    );
  });

  test("a lab system's FHIR Subscription and its delivery log on the integrations page", async ({ page, request, app }) => {
    const owner = app.account('CUSTOMER');
    const token = await loginViaApi(request, owner);
    const session = { Authorization: `Bearer ${token}` };
    const account = ((await (await request.get('/api/v1/account', { headers: session })).json()) as { data: { account: { _id: string } } })
      .data.account._id;
    const key = await request.post('/api/v1/api-keys', { headers: session, data: { name: 'Core Lab LIS', scopes: ['fhir'] } });
    expect(key.status(), await key.text()).toBe(201);
    const lis = {
      Authorization: `Bearer ${((await key.json()) as { data: { secret: string } }).data.secret}`,
      'Content-Type': 'application/fhir+json',
    };

    // The lab's system subscribes to the account's Tasks, then a booking changes one: it hears of it as a Task.
    const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/fhir-hook`;
    const made = await request.post('/fhir/r4/Subscription', {
      headers: lis,
      data: {
        resourceType: 'Subscription',
        status: 'requested',
        reason: 'Pickups of the LIS',
        criteria: `Task?requester=Organization/${account}`,
        channel: { type: 'rest-hook', endpoint, payload: 'application/fhir+json' },
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    await bookJob(request, token, 0);
    const tasks = () => received.filter((r) => r.headers['content-type'] === 'application/fhir+json');
    await expect.poll(() => tasks().length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(JSON.parse(tasks()[0].body)).toMatchObject({ resourceType: 'Task', status: 'requested' });

    // The owner sees the Subscription, active, and what was sent to it.
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/user\/home$/);
    await page.goto('/account/integrations');
    const subscriptions = page.getByRole('region', { name: 'FHIR Subscriptions' });
    const item = subscriptions.getByRole('list', { name: 'FHIR Subscriptions' }).getByRole('listitem').filter({ hasText: endpoint });
    await expect(item.getByText('Active')).toBeVisible();
    await item.getByRole('button', { name: 'Show the delivery log' }).click();
    await expect(item.getByRole('list', { name: 'Delivery log' }).getByRole('listitem').first()).toContainText('200 delivered');
    await expectAccessible(page, 'integrations page: a FHIR Subscription and its delivery log');
    await subscriptions.screenshot({ path: 'test-results/fhir-subscriptions-desktop.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(item.getByRole('list', { name: 'Delivery log' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'integrations page: a FHIR Subscription on a phone');
    await subscriptions.screenshot({ path: 'test-results/fhir-subscriptions-phone.png' });
  });
});
