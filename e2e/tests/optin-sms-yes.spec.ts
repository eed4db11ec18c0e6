import { test as base, expect } from '../fixtures/index.js';
import { FAKE_TWILIO, type FakeTwilio, startFakeTwilio, twilioSignature } from '../fixtures/fake-twilio.js';
import { startServer } from '../fixtures/server.js';
import { submitLogin } from './support/accounts.js';

const REPLY_YES = 'We have sent you a text: reply YES to it to start SMS updates.';

/** This journey's server sends SMS through Twilio, faked at its HTTP boundary. */
const test = base.extend<object, { twilio: FakeTwilio }>({
  twilio: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
    async ({}, use) => {
      const twilio = await startFakeTwilio();
      await use(twilio);
      await twilio.close();
    },
    { scope: 'worker' },
  ],
  app: [
    async ({ mail, twilio }, use) => {
      const server = await startServer({
        label: 'courier-e2e-sms',
        env: { SMTP_URL: mail.url, ...FAKE_TWILIO, TWILIO_API_URL: twilio.url },
      });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 240_000 },
  ],
});

test('SMS consent is double opt-in: the form asks, the YES text from the phone confirms, and staff see it', async ({
  page,
  request,
  app,
  twilio,
}) => {
  await page.goto('/optin');
  await page.getByLabel('Phone number').fill('+1 617 555 0188');
  await page.getByRole('checkbox', { name: /SMS updates/ }).check();
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('heading', { name: 'All set!' })).toBeVisible();
  await expect(page.getByText(REPLY_YES)).toBeVisible();

  // One text asking for YES, and no other.
  await expect.poll(() => twilio.sent.filter((t) => t.to === '+16175550188').length, { timeout: 15_000 }).toBe(1);
  expect(twilio.sent[0]).toMatchObject({ from: FAKE_TWILIO.TWILIO_FROM, body: expect.stringContaining('reply YES') });

  const pendingRow = async () => {
    const token = await (async () => {
      const admin = app.account('ADMIN');
      const login = await request.post('/api/v1/auth/login', { data: { email: admin.email, password: admin.password } });
      return (await login.json()).data.token as string;
    })();
    const list = await request.get('/api/v1/admin/optins?limit=100', { headers: { Authorization: `Bearer ${token}` } });
    return ((await list.json()).data as { phone: string; smsStatus: string }[]).find((o) => o.phone === '+16175550188');
  };
  expect((await pendingRow())?.smsStatus).toBe('pending');

  // The handset replies YES: Twilio posts it to the webhook, signed.
  const params = { From: '+16175550188', To: FAKE_TWILIO.TWILIO_FROM, Body: 'YES', MessageSid: `SM${'e2e'.repeat(10)}yes` };
  const url = `${app.baseURL}/api/v1/sms/inbound`;
  const reply = await request.post('/api/v1/sms/inbound', {
    form: params,
    headers: { 'X-Twilio-Signature': twilioSignature(FAKE_TWILIO.TWILIO_AUTH_TOKEN, url, params) },
  });
  expect(reply.status()).toBe(200);

  const admin = app.account('ADMIN');
  await submitLogin(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 20_000 });
  await page.goto('/admin/optins');
  const row = page.getByRole('row').filter({ hasText: '+16175550188' });
  await expect(row.getByText('Confirmed')).toBeVisible();
});
