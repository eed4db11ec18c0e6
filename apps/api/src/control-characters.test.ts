import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDelivery, createUser } from './db/seed/factories.js';
import { multipartForm, TEST_NOW, validDeliveryForm } from './modules/deliveries/delivery-test-kit.js';
import { freshIp, registration, STRONG_PASSWORD } from './modules/auth/test-support.js';
import { fixedClock } from './platform/clock.js';
import { type TestApp, useTestApp } from './test/test-app.js';

/** Characters no text field takes: NUL (PostgreSQL refuses it), other C0 controls, DEL, a C1 control, lone surrogates. */
const CONTROL = { NUL: '\u0000', BEL: '\u0007', ESC: '\u001B', VT: '\u000B', DEL: '\u007F', NEL: '\u0085' };
const LONE_SURROGATES = { 'lone high surrogate': '\uD83D', 'lone low surrogate': '\uDCE6' };
/** JSON carries lone surrogates as \ud83d escapes; UTF-8 (multipart, URLs) cannot carry them at all. */
const JSON_BAD = { ...CONTROL, ...LONE_SURROGATES };

const CHOICES = ['accountType', 'packageType', 'packageSize', 'deliveryType', 'requiredBy'];

/** Tables whose rows only change on purpose (rate-limit counters count every request by design). */
async function snapshot(t: TestApp): Promise<Record<string, string>> {
  const tables = await t.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'rate_limit%' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const digest = await t.db.execute<{ d: string }>(
      sql`select md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as d from ${sql.identifier(name)} r`,
    );
    out[name] = digest.rows[0].d;
  }
  return out;
}

describe('control characters in text fields', () => {
  const clock = fixedClock(TEST_NOW);
  const t = useTestApp({ clock });
  let auth: Record<string, string>;
  let pendingId: string;
  let deliveredOrderId: string;
  let before: Record<string, string>;

  let used = 0;
  const sessions: Array<Record<string, string>> = [];
  /** Signed-in calls count 60 a minute per account: a fresh account (signed in before the snapshot) every 50. */
  const session = () => sessions[Math.floor(used++ / 50) % sessions.length];
  async function signIn() {
    const { user, password } = await createUser(t.db, { password: STRONG_PASSWORD });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password },
      remoteAddress: freshIp(),
    });
    return { authorization: `Bearer ${res.json().data.token}` };
  }

  beforeAll(async () => {
    const { user, password } = await createUser(t.db, { password: STRONG_PASSWORD });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password },
      remoteAddress: freshIp(),
    });
    auth = { authorization: `Bearer ${login.json().data.token}` };
    pendingId = (await createDelivery(t.db, { customerId: user.id, status: 'pending' })).id;
    deliveredOrderId = (await createDelivery(t.db, { customerId: user.id, status: 'delivered' })).orderId;
    for (let i = 0; i < 6; i++) sessions.push(await signIn());
    before = await snapshot(t);
  });

  /** Every JSON call that takes text, a valid body, and which of its fields are text. */
  const jsonCalls: Array<{
    name: string;
    method: 'POST' | 'PATCH';
    url: () => string;
    signedIn: boolean;
    body: () => Record<string, unknown>;
  }> = [
    { name: 'sign-up', method: 'POST', url: () => '/api/v1/auth/register', signedIn: false, body: () => registration() },
    {
      name: 'sign-in',
      method: 'POST',
      url: () => '/api/v1/auth/login',
      signedIn: false,
      body: () => ({ email: 'a@clinic.test', password: STRONG_PASSWORD }),
    },
    {
      name: 'sign-in code',
      method: 'POST',
      url: () => '/api/v1/auth/verify-otp',
      signedIn: false,
      body: () => ({ email: 'a@clinic.test', otp: '123456' }),
    },
    {
      name: 'new sign-in code',
      method: 'POST',
      url: () => '/api/v1/auth/resend-otp',
      signedIn: false,
      body: () => ({ email: 'a@clinic.test' }),
    },
    { name: 'refresh', method: 'POST', url: () => '/api/auth/refresh-token', signedIn: false, body: () => ({ refreshToken: 'abc' }) },
    {
      name: 'forgot password',
      method: 'POST',
      url: () => '/api/v1/auth/forgot-password',
      signedIn: false,
      body: () => ({ email: 'a@clinic.test' }),
    },
    {
      name: 'reset password',
      method: 'POST',
      url: () => '/api/v1/auth/reset-password',
      signedIn: false,
      body: () => ({ token: 'abc', newPassword: STRONG_PASSWORD }),
    },
    {
      name: 'profile',
      method: 'PATCH',
      url: () => '/api/v1/auth/profile',
      signedIn: true,
      body: () => ({ firstName: 'Dana', lastName: 'Reyes', phone: '617-555-0142' }),
    },
    {
      name: 'change password',
      method: 'POST',
      url: () => '/api/v1/auth/change-password',
      signedIn: true,
      body: () => ({ currentPassword: STRONG_PASSWORD, newPassword: 'Courier#2027' }),
    },
    { name: 'delivery request', method: 'POST', url: () => '/api/v1/deliveries', signedIn: true, body: () => validDeliveryForm() },
    {
      name: 'cancel',
      method: 'POST',
      url: () => `/api/v1/deliveries/${pendingId}/cancel`,
      signedIn: true,
      body: () => ({ reason: 'Booked twice' }),
    },
    {
      name: 'feedback',
      method: 'POST',
      url: () => `/api/v1/deliveries/track/${deliveredOrderId}/feedback`,
      signedIn: false,
      body: () => ({ rating: 5, comment: 'Fine' }),
    },
    {
      name: 'opt-in',
      method: 'POST',
      url: () => '/api/v1/optform',
      signedIn: false,
      body: () => ({ phone: '+16175550142', company: 'Clinic', consent: { sms: true, email: false, marketing: false } }),
    },
  ];

  const jsonCases = jsonCalls.flatMap((call) =>
    Object.entries(call.body())
      .filter(([, value]) => typeof value === 'string')
      .flatMap(([field]) => Object.entries(JSON_BAD).map(([charName, char]) => ({ call, field, charName, char }))),
  );

  it.each(jsonCases.map((c) => [c.call.name, c.field, c.charName, c] as const))(
    '%s: %s with %s answers 400 naming the field',
    async (_n, _f, _c, { call, field, char }) => {
      const body = call.body();
      body[field] = `${String(body[field]).slice(0, 3)}${char}${String(body[field]).slice(3)}`;
      const res = await t.app.inject({
        method: call.method,
        url: call.url(),
        payload: body,
        headers: call.signedIn ? session() : {},
        remoteAddress: freshIp(),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: 'BAD_REQUEST' });
      // A choice or a date with a stray character is simply not one of the values: named, but said otherwise.
      const message = CHOICES.includes(field) ? `^${field}: ` : `^${field}: .*must not contain control characters$`;
      expect(res.json().message).toMatch(new RegExp(message));
    },
  );

  it('refuses a control character in the ignored roleId of sign-up too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: registration({ roleId: 'x\u0000' }),
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('roleId: Role id must not contain control characters');
  });

  const formFields = Object.keys(validDeliveryForm()).filter(
    (f) => !['packageType', 'packageSize', 'deliveryType', 'requiredBy'].includes(f),
  );
  it.each(formFields.flatMap((field) => Object.entries(CONTROL).map(([charName, char]) => [field, charName, char] as const)))(
    'delivery request as multipart form data: %s with %s answers 400 naming the field',
    async (field, _charName, char) => {
      const form = validDeliveryForm();
      form[field] = `${form[field].slice(0, 3)}${char}${form[field].slice(3)}`;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/deliveries',
        headers: session(),
        payload: multipartForm(form) as never,
        remoteAddress: freshIp(),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(new RegExp(`^${field}: .*must not contain control characters$`));
    },
  );

  it.each([
    ['verify e-mail token', '/api/v1/auth/verify-email?token=ab%00cd', 'token'],
    ['address autocomplete', '/api/v1/geo/autocomplete?q=Bos%07ton', 'q'],
    ['geocode', '/api/v1/geo/geocode?address=55%00Fruit', 'address'],
    ['a delivery by id', '/api/v1/deliveries/ab%00cd', 'id'],
    ['a label by id', '/api/v1/deliveries/ab%1Bcd/label', 'id'],
    ['tracking', '/api/v1/deliveries/track/MC%00123', 'trackingNumber'],
    ['tracking details', '/api/v1/deliveries/track/MC%7F123/details', 'trackingNumber'],
    ['a file link', '/api/v1/files/ab%00cd?exp=1&sig=x', 'id'],
  ])('%s with a control character in the URL answers 400 naming %s', async (_what, url, field) => {
    const res = await t.app.inject({ method: 'GET', url, headers: session(), remoteAddress: freshIp() });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(new RegExp(`^${field}: .*must not contain control characters$`));
  });

  it('wrote nothing for any of them', async () => {
    expect(await snapshot(t)).toEqual(before);
  });

  it('still takes line breaks in notes (no other control character, a tab neither)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/deliveries',
      headers: auth,
      payload: { ...validDeliveryForm(), specialInstructions: 'Ring twice\r\nthen wait five minutes' },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.specialInstructions).toBe('Ring twice\r\nthen wait five minutes');
    const tab = await t.app.inject({
      method: 'POST',
      url: '/api/v1/deliveries',
      headers: auth,
      payload: { ...validDeliveryForm(), specialInstructions: 'then wait\tfive minutes' },
      remoteAddress: freshIp(),
    });
    expect(tab.statusCode).toBe(400);
    expect(tab.json()).toMatchObject({ field: 'specialInstructions' });
  });
});
