import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_ENDPOINT_CAP, ZWebhookEvent } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { webhookEndpoints, webhookMessages } from '../../db/schema/index.js';
import { createDelivery, createUser } from '../../db/seed/factories.js';
import { fixedClock } from '../../platform/clock.js';
import { createTestApp, type TestApp, useTestApp } from '../../test/test-app.js';
import { validDeliveryForm } from '../deliveries/delivery-test-kit.js';
import { moveDelivery } from '../deliveries/move-delivery.js';
import { sendWebhook } from './send-webhook.js';
import { isPublicAddress } from './webhook-url.js';

/** A customer's receiver, faked at its network boundary: a real HTTP server on loopback that answers as told. */
function receiver() {
  const got: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const answers: number[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.statusCode = answers.shift() ?? 200;
      res.end(res.statusCode >= 300 ? 'receiver down' : 'ok');
    });
  });
  return {
    got,
    answers,
    start: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve())),
    url: (path = '/hooks') => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Verifies with the standardwebhooks library's own verifier, at the time the message was signed. */
function verify(secret: string, message: { headers: IncomingHttpHeaders; body: string }) {
  vi.useFakeTimers({ toFake: ['Date'], now: Number(message.headers['webhook-timestamp']) * 1000 });
  try {
    return new Webhook(secret).verify(message.body, message.headers as Record<string, string>);
  } finally {
    vi.useRealTimers();
  }
}

describe('webhooks', () => {
  // Near the real time: the receiver's verifier checks the signature's timestamp against its own clock.
  const clock = fixedClock(new Date('2026-03-02T15:00:00Z'));
  const t = useTestApp({ clock });
  const hook = receiver();
  beforeAll(hook.start);
  afterAll(hook.stop);

  async function customerWithEndpoint(eventTypes: string[], path = '/hooks') {
    const { user } = await createUser(t.db);
    const auth = await t.bearer(user);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: auth,
      payload: { url: hook.url(path), eventTypes },
    });
    expect(res.statusCode).toBe(201);
    const endpoint = res.json().data as { _id: string; secret: string };
    return { user, auth, endpoint };
  }
  const bookingForm = () => ({ ...validDeliveryForm(), requiredBy: new Date(clock.now().getTime() + 26 * 3_600_000).toISOString() });

  it('signs delivery.created the Standard Webhooks way, verified by the library\u2019s own verifier, with no recipient details', async () => {
    const { auth, endpoint } = await customerWithEndpoint(['delivery.created', 'delivery.status_changed']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const list = await t.app.inject({ url: '/api/v1/webhooks', headers: auth });
    expect(list.body).not.toContain(endpoint.secret);

    const book = await t.app.inject({ method: 'POST', url: '/api/v1/deliveries', headers: auth, payload: bookingForm() });
    expect(book.statusCode).toBe(201);
    hook.got.length = 0;
    await t.app.services.outbox.drain();
    expect(hook.got).toHaveLength(1);
    const event = ZWebhookEvent.parse(verify(endpoint.secret, hook.got[0]));
    expect(event).toMatchObject({
      type: 'delivery.created',
      data: { id: book.json()._id, trackingNumber: book.json().data.orderId, status: 'pending', previousStatus: null },
    });
    expect(event.data.links.tracking).toBe(`http://courier.test/track/${book.json().data.orderId}`);
    for (const secretive of ['Jordan', '617', 'Example.test', 'refrigerated', 'MEDICATION', '330 Brookline']) {
      expect(hook.got[0].body).not.toContain(secretive);
    }
    // A tampered body fails the same verifier.
    expect(() => verify(endpoint.secret, { ...hook.got[0], body: hook.got[0].body.replace('pending', 'delivered') })).toThrow();
  });

  it('retries after the receiver fails twice, with the same webhook-id, and logs every attempt', async () => {
    const { user, auth, endpoint } = await customerWithEndpoint(['delivery.status_changed']);
    const d = await createDelivery(t.db, { customerId: user.id, status: 'pending' });
    const { user: staff } = await createUser(t.db, { role: 'STAFF' });
    hook.got.length = 0;
    hook.answers.push(500, 503);
    const approve = await t.app.inject({ method: 'POST', url: `/api/v1/admin/deliveries/${d.id}/approve`, headers: await t.bearer(staff) });
    expect(approve.statusCode).toBe(200);

    await t.app.services.outbox.drain();
    expect(hook.got).toHaveLength(1);
    await t.app.services.outbox.drain();
    expect(hook.got).toHaveLength(1); // not due yet: 5 s back-off
    clock.advance(5_000);
    await t.app.services.outbox.drain();
    clock.advance(5 * 60_000);
    await t.app.services.outbox.drain();
    expect(hook.got).toHaveLength(3);
    expect(new Set(hook.got.map((g) => g.headers['webhook-id'])).size).toBe(1);
    const event = ZWebhookEvent.parse(verify(endpoint.secret, hook.got[2]));
    expect(event).toMatchObject({ type: 'delivery.status_changed', data: { id: d.id, status: 'approved', previousStatus: 'pending' } });

    const log = await t.app.inject({ url: `/api/v1/webhooks/${endpoint._id}/deliveries`, headers: auth });
    expect(log.statusCode).toBe(200);
    const attempts = log.json().data as Array<{ _id: string; attempt: number; statusCode: number; succeeded: boolean; messageId: string }>;
    expect(attempts.map((a) => [a.attempt, a.statusCode, a.succeeded])).toEqual([
      [3, 200, true],
      [2, 503, false],
      [1, 500, false],
    ]);
    expect(attempts[0].messageId).toBe(hook.got[0].headers['webhook-id']);

    // Resend: the same message again, same webhook-id.
    const resend = await t.app.inject({
      method: 'POST',
      url: `/api/v1/webhooks/${endpoint._id}/deliveries/${attempts[0]._id}/resend`,
      headers: auth,
    });
    expect(resend.statusCode).toBe(202);
    await t.app.services.outbox.drain();
    expect(hook.got).toHaveLength(4);
    expect(hook.got[3].headers['webhook-id']).toBe(hook.got[0].headers['webhook-id']);
  });

  it('sends delivery.delivered when a parcel is delivered, and nothing for events the endpoint does not listen to', async () => {
    const { user, endpoint } = await customerWithEndpoint(['delivery.delivered']);
    const { user: driver } = await createUser(t.db, { role: 'DRIVER' });
    const d = await createDelivery(t.db, { customerId: user.id, status: 'in_transit', driverId: driver.id });
    await moveDelivery(t.app.services, { id: driver.id, role: 'DRIVER' }, { idOrTrackingNumber: d.id, to: 'delivered' }, () => ({
      note: 'Delivered',
      audit: { action: 'delivery.deliver' },
    }));
    const messages = await t.db.select().from(webhookMessages).where(eq(webhookMessages.endpointId, endpoint._id));
    expect(messages.map((m) => m.eventType)).toEqual(['delivery.delivered']);
    expect(messages[0].payload).toMatchObject({ type: 'delivery.delivered', data: { status: 'delivered', previousStatus: 'in_transit' } });
  });

  it('never sends an event for a change that rolled back', async () => {
    const { user, endpoint } = await customerWithEndpoint(['delivery.status_changed']);
    const d = await createDelivery(t.db, { customerId: user.id, status: 'pending' });
    const { user: staff } = await createUser(t.db, { role: 'STAFF' });
    hook.got.length = 0;
    await expect(
      moveDelivery(t.app.services, { id: staff.id, role: 'STAFF' }, { idOrTrackingNumber: d.id, to: 'approved' }, () => ({
        note: 'Approved',
        audit: { action: 'delivery.approve' },
        // A write later in the same transaction fails, after the event was recorded.
        within: async () => {
          throw new Error('disk full');
        },
      })),
    ).rejects.toThrow('disk full');
    const messages = await t.db.select().from(webhookMessages).where(eq(webhookMessages.endpointId, endpoint._id));
    expect(messages).toEqual([]);
    await t.app.services.outbox.drain();
    expect(hook.got.filter((g) => g.body.includes(d.id))).toEqual([]);
  });

  it('disables an endpoint that has failed for 24 hours and tells its owner by e-mail', async () => {
    const { user, endpoint } = await customerWithEndpoint(['delivery.created'], '/down');
    hook.got.length = 0;
    hook.answers.push(...Array(10).fill(500));
    // A fresh token each time: the clock jumps a day.
    const book = async () =>
      t.app.inject({ method: 'POST', url: '/api/v1/deliveries', headers: await t.bearer(user), payload: bookingForm() });
    expect((await book()).statusCode).toBe(201);
    await t.app.services.outbox.drain();
    clock.advance(24 * 3_600_000);
    expect((await book()).statusCode).toBe(201);
    await t.app.services.outbox.drain();
    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint._id));
    expect(row).toMatchObject({ enabled: false, disabledReason: 'Disabled after failing for 24 hours' });
    const mail = (await t.sentEmails()).find((m) => m.to === user.email && m.subject.includes('webhook endpoint was disabled'));
    expect(mail?.text).toContain(hook.url('/down'));
    // Disabled: nothing more is sent until the owner enables it again.
    hook.answers.length = 0;
    const sent = hook.got.length;
    expect((await book()).statusCode).toBe(201);
    await t.app.services.outbox.drain();
    expect(hook.got).toHaveLength(sent);
    const enable = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/webhooks/${endpoint._id}`,
      headers: await t.bearer(user),
      payload: { enabled: true },
    });
    expect(enable.json().data).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });

  it('is managed by an API key with webhooks:manage, and is the owner\u2019s alone', async () => {
    const { auth, endpoint } = await customerWithEndpoint(['delivery.created']);
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: auth,
      payload: { name: 'Hooks robot', scopes: ['webhooks:manage'] },
    });
    const keyAuth = { authorization: `Bearer ${key.json().data.secret}` };
    const listed = await t.app.inject({ url: '/api/v1/webhooks', headers: keyAuth });
    expect(listed.json().data.map((e: { _id: string }) => e._id)).toEqual([endpoint._id]);
    const { user: other } = await createUser(t.db);
    const otherAuth = await t.bearer(other);
    expect((await t.app.inject({ url: `/api/v1/webhooks/${endpoint._id}/deliveries`, headers: otherAuth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/webhooks/${endpoint._id}`, headers: otherAuth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/webhooks/${endpoint._id}`, headers: keyAuth })).statusCode).toBe(200);
  });

  it('holds its cap of 10 endpoints under 30 parallel requests', async () => {
    const { user } = await createUser(t.db);
    const auth = await t.bearer(user);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/webhooks',
          headers: auth,
          payload: { url: hook.url(), eventTypes: ['delivery.created'] },
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(WEBHOOK_ENDPOINT_CAP);
    expect(answers.every((a) => [201, 409, 429].includes(a.statusCode))).toBe(true);
    const rows = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, user.id));
    expect(rows).toHaveLength(WEBHOOK_ENDPOINT_CAP);
  });

  it('refuses a URL that is not http(s) or, outside production, http to anywhere but this machine', async () => {
    const { user } = await createUser(t.db);
    const auth = await t.bearer(user);
    for (const url of ['ftp://127.0.0.1/x', 'http://example.com/hooks']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks',
        headers: auth,
        payload: { url, eventTypes: ['delivery.created'] },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('url');
    }
  });
});

describe('webhooks in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses http, and private, loopback or reserved addresses (by number or by name)', async () => {
    const { user } = await createUser(t.db);
    const auth = await t.bearer(user);
    const cases: Array<[string, string]> = [
      ['http://example.com/hooks', 'url: URL must use https'],
      ['https://127.0.0.1/hooks', 'url: URL must not point at a private, loopback or reserved address'],
      ['https://10.1.2.3/hooks', 'url: URL must not point at a private, loopback or reserved address'],
      ['https://169.254.169.254/latest/meta-data', 'url: URL must not point at a private, loopback or reserved address'],
      ['https://[::ffff:192.168.0.1]/hooks', 'url: URL must not point at a private, loopback or reserved address'],
      ['https://localhost/hooks', 'url: URL must not point at a private, loopback or reserved address'],
      // IPv6 forms that carry an IPv4 address: IPv4-compatible (::/96), mapped, NAT64, 6to4, Teredo.
      ['https://[::a9fe:a9fe]/latest/meta-data', 'url: URL must not point at a private, loopback or reserved address'],
      ['https://[::7f00:1]/hooks', 'url: URL must not point at a private, loopback or reserved address'],
      ['https://[::ffff:7f00:1]/hooks', 'url: URL must not point at a private, loopback or reserved address'],
      ['https://[64:ff9b::a9fe:a9fe]/hooks', 'url: URL must not point at a private, loopback or reserved address'],
      ['https://[64:ff9b:1::a00:1]/hooks', 'url: URL must not point at a private, loopback or reserved address'],
      ['https://[2002:7f00:1::]/hooks', 'url: URL must not point at a private, loopback or reserved address'],
      ['https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/hooks', 'url: URL must not point at a private, loopback or reserved address'],
      ['https://[::]/hooks', 'url: URL must not point at a private, loopback or reserved address'],
    ];
    for (const [url, message] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks',
        headers: auth,
        payload: { url, eventTypes: ['delivery.created'] },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ field: 'url', message });
    }
  });

  it('refuses at send time too, when a name resolves to a private address', async () => {
    const answer = await sendWebhook({ url: 'https://localhost:9/hooks', headers: {}, body: '{}', production: true });
    expect(answer).toMatchObject({ succeeded: false, statusCode: null });
    expect(answer.error).toMatch(/refused/);
  });

  it('refuses at send time an IPv6 address that carries a loopback or private IPv4', async () => {
    for (const url of ['https://[::7f00:1]:9/hooks', 'https://[::a9fe:a9fe]:9/', 'https://[2002:a00:1::]:9/']) {
      const answer = await sendWebhook({ url, headers: {}, body: '{}', production: true });
      expect(answer, url).toMatchObject({ succeeded: false, statusCode: null, error: 'refused: not a public https address' });
    }
  });

  it('still takes ordinary public addresses, IPv4 and IPv6', () => {
    for (const address of ['8.8.8.8', '2606:4700:4700::1111', '2a00:1450:4001:81c::200e', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of ['::a9fe:a9fe', '::7f00:1', '::808:808', '::127.0.0.1', '100::1', 'fd00::1', 'fe80::1', '2001:db8::1']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});
