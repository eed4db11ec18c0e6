import { API_KEY_CAP, ZErrorBody } from '@courier/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiKeys, auditEvents } from '../../db/schema/index.js';
import { createDelivery, createUser } from '../../db/seed/factories.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { TEST_NOW, validDeliveryForm } from '../deliveries/delivery-test-kit.js';
import { hashApiKeySecret } from '../../platform/api-key-secret.js';
import { API_KEY_RATE_LIMIT } from '../../platform/authenticate-api-key.js';

describe('API keys', () => {
  const clock = fixedClock(TEST_NOW);
  const t = useTestApp({ clock });

  async function customerWithKey(scopes: string[], extra: Record<string, unknown> = {}) {
    const { user } = await createUser(t.db);
    const session = await t.bearer(user);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: session,
      payload: { name: 'Pharmacy system', scopes, ...extra },
    });
    expect(res.statusCode).toBe(201);
    const key = res.json().data as { _id: string; secret: string; prefix: string };
    return { user, session, key, auth: { authorization: `Bearer ${key.secret}` } };
  }

  it('shows the secret once (mck_ and at least 32 random characters) and stores only its hash', async () => {
    const { session, key } = await customerWithKey(['deliveries:read']);
    expect(key.secret).toMatch(/^mck_[A-Za-z0-9_-]{32,}$/);
    expect(key.secret.startsWith(key.prefix)).toBe(true);
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, key._id));
    expect(row.secretHash).toBe(hashApiKeySecret(key.secret));
    expect(JSON.stringify(row)).not.toContain(key.secret.slice(10));
    const list = await t.app.inject({ url: '/api/v1/api-keys', headers: session });
    expect(list.json().data).toEqual([
      expect.objectContaining({ _id: key._id, name: 'Pharmacy system', scopes: ['deliveries:read'], lastUsedAt: null }),
    ]);
    expect(list.body).not.toContain(key.secret);
  });

  it('acts as its customer within its scopes, and a call outside them answers 403 naming the missing scope', async () => {
    const { user, auth } = await customerWithKey(['deliveries:read']);
    const mine = await createDelivery(t.db, { customerId: user.id });
    const other = await createUser(t.db);
    const theirs = await createDelivery(t.db, { customerId: other.user.id });

    const read = await t.app.inject({ url: `/api/v1/deliveries/${mine.id}`, headers: auth });
    expect(read.statusCode).toBe(200);
    expect(read.json().data._id).toBe(mine.id);
    expect((await t.app.inject({ url: `/api/v1/deliveries/${theirs.id}`, headers: auth })).statusCode).toBe(404);
    const list = await t.app.inject({ url: '/api/v1/deliveries/my-deliveries?page=1&limit=10', headers: auth });
    expect(list.json().deliveries.map((d: { _id: string }) => d._id)).toEqual([mine.id]);

    const book = await t.app.inject({ method: 'POST', url: '/api/v1/deliveries', headers: auth, payload: validDeliveryForm() });
    expect(book.statusCode).toBe(403);
    expect(ZErrorBody.parse(book.json())).toMatchObject({ error: 'FORBIDDEN', message: 'This API key lacks the scope deliveries:write' });
    const hooks = await t.app.inject({ url: '/api/v1/webhooks', headers: auth });
    expect(hooks.json().message).toBe('This API key lacks the scope webhooks:manage');
    // Nothing outside the customer's deliveries and webhooks: not the account, not other keys.
    expect((await t.app.inject({ url: '/api/v1/auth/me', headers: auth })).json().message).toBe('API keys cannot call this operation');
    const mint = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: auth,
      payload: { name: 'x', scopes: ['deliveries:read'] },
    });
    expect(mint.statusCode).toBe(403);
  });

  it('books with deliveries:write, as the customer', async () => {
    const { user, auth } = await customerWithKey(['deliveries:write', 'deliveries:read']);
    const book = await t.app.inject({ method: 'POST', url: '/api/v1/deliveries', headers: auth, payload: validDeliveryForm() });
    expect(book.statusCode).toBe(201);
    expect(book.json().data.status).toBe('pending');
    const cancel = await t.app.inject({ method: 'POST', url: `/api/v1/deliveries/${book.json()._id}/cancel`, headers: auth, payload: {} });
    expect(cancel.statusCode).toBe(200);
    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'delivery.create'), eq(auditEvents.actorId, user.id)));
    expect(audits).toHaveLength(1);
  });

  it('stops working the moment it is revoked, and shows its last use until then', async () => {
    const { session, key, auth } = await customerWithKey(['deliveries:read']);
    expect((await t.app.inject({ url: '/api/v1/deliveries/my-deliveries', headers: auth })).statusCode).toBe(200);
    const listed = await t.app.inject({ url: '/api/v1/api-keys', headers: session });
    expect(listed.json().data[0].lastUsedAt).toBe(new Date(TEST_NOW).toISOString());

    const revoke = await t.app.inject({ method: 'DELETE', url: `/api/v1/api-keys/${key._id}`, headers: session });
    expect(revoke.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/v1/deliveries/my-deliveries', headers: auth });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Invalid API key');
    expect((await t.app.inject({ url: '/api/v1/api-keys', headers: session })).json().data).toEqual([]);
    // Revoking again, or another customer's key, is 404.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/api-keys/${key._id}`, headers: session })).statusCode).toBe(404);
  });

  it('expires at its expiry', async () => {
    const { auth } = await customerWithKey(['deliveries:read'], { expiresAt: '2026-03-02T16:00:00.000Z' });
    expect((await t.app.inject({ url: '/api/v1/deliveries/my-deliveries', headers: auth })).statusCode).toBe(200);
    clock.advance(60 * 60_000);
    try {
      expect((await t.app.inject({ url: '/api/v1/deliveries/my-deliveries', headers: auth })).statusCode).toBe(401);
    } finally {
      clock.set(TEST_NOW);
    }
  });

  it('audits every call with the key\u2019s name, refused ones too', async () => {
    const { key, auth } = await customerWithKey(['deliveries:read']);
    await t.app.inject({ url: '/api/v1/deliveries/my-deliveries', headers: auth });
    await t.app.inject({ method: 'POST', url: '/api/v1/deliveries', headers: auth, payload: validDeliveryForm() });
    const rows = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'api_key.call'), eq(auditEvents.targetId, key._id)))
      .orderBy(auditEvents.createdAt);
    expect(rows.map((r) => r.details)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ apiKey: 'Pharmacy system', method: 'GET', route: '/api/v1/deliveries/my-deliveries', status: 200 }),
        expect.objectContaining({ apiKey: 'Pharmacy system', method: 'POST', route: '/api/v1/deliveries', status: 403 }),
      ]),
    );
  });

  it('counts calls outside its scope against its budget, and audits repeated refusals as one row with a count', async () => {
    const { key, auth } = await customerWithKey(['deliveries:read']);
    const statuses: number[] = [];
    for (let i = 0; i < API_KEY_RATE_LIMIT + 5; i++) {
      statuses.push((await t.app.inject({ url: '/api/v1/webhooks', headers: auth })).statusCode);
    }
    expect(statuses.filter((s) => s === 403)).toHaveLength(API_KEY_RATE_LIMIT);
    expect(statuses.slice(API_KEY_RATE_LIMIT)).toEqual(Array(5).fill(429));
    // Spent on refusals, the budget is spent for calls within scope too.
    expect((await t.app.inject({ url: '/api/v1/deliveries/my-deliveries', headers: auth })).statusCode).toBe(429);
    const rows = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'api_key.call'), eq(auditEvents.targetId, key._id)));
    expect(rows.map((r) => r.details)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: 'GET', route: '/api/v1/webhooks', status: 403, count: API_KEY_RATE_LIMIT }),
        expect.objectContaining({ method: 'GET', route: '/api/v1/webhooks', status: 429, count: 5 }),
        expect.objectContaining({ method: 'GET', route: '/api/v1/deliveries/my-deliveries', status: 429, count: 1 }),
      ]),
    );
    expect(rows).toHaveLength(3);
  });

  it('is made by a customer only: staff cannot make keys (for anyone), and a customer gets no staff scopes', async () => {
    const { user: staff } = await createUser(t.db, { role: 'STAFF' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: await t.bearer(staff),
      payload: { name: 'Dispatch', scopes: ['deliveries:read'] },
    });
    expect(res.statusCode).toBe(403);
    const { user } = await createUser(t.db);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: await t.bearer(user),
      payload: { name: 'Sneaky', scopes: ['admin:all'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('scopes.0');
  });

  it('refuses an unknown or malformed key with 401', async () => {
    for (const secret of ['mck_nope', `mck_${'a'.repeat(43)}`]) {
      const res = await t.app.inject({ url: '/api/v1/deliveries/my-deliveries', headers: { authorization: `Bearer ${secret}` } });
      expect(res.statusCode).toBe(401);
    }
  });

  it('holds its cap of 20 live keys under 30 parallel requests', async () => {
    const { user } = await createUser(t.db);
    const session = await t.bearer(user);
    // 15 already: the parallel burst (20 a minute get past the route's limit) has room for 5 more.
    await t.db
      .insert(apiKeys)
      .values(Array.from({ length: 15 }, (_, i) => ({ userId: user.id, name: `k${i}`, prefix: 'mck_x', secretHash: `h-${user.id}-${i}` })));
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/api-keys',
          headers: session,
          payload: { name: `p${i}`, scopes: ['deliveries:read'] },
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(5);
    expect(answers.every((a) => [201, 409, 429].includes(a.statusCode))).toBe(true);
    const live = await t.db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, user.id), isNull(apiKeys.revokedAt)));
    expect(live).toHaveLength(API_KEY_CAP);
  });

  it('has its own rate limit, apart from its customer\u2019s session', async () => {
    const { session, auth } = await customerWithKey(['deliveries:write']);
    let limited = 0;
    // Booking allows 60 a minute per caller: the key counts its own.
    for (let i = 0; i < 62; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/deliveries', headers: auth, payload: {} });
      if (res.statusCode === 429) limited++;
    }
    expect(limited).toBe(2);
    const own = await t.app.inject({ method: 'POST', url: '/api/v1/deliveries', headers: session, payload: {} });
    expect(own.statusCode).toBe(400);
  });
});
