import { ROLE_IDS } from '@courier/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../db/seed/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { freshIp, STRONG_PASSWORD } from '../auth/test-support.js';
import { type Crew, crew, deliveryIn } from '../dispatch/operations-test-kit.js';
import { PUBLIC_STREAM_LIFETIME_MS } from '../tracking/watch-tracked-parcel.js';
import { type EventStreamClient, listenOnLoopback, streamsTo } from './live-test-kit.js';
import { MAX_STREAMS_PER_ACCOUNT } from './watch-my-updates.js';

describe('capped live streams that end when the account changes', () => {
  let t: TestApp;
  let people: Crew;
  let base: string;
  const streams = streamsTo(() => base);
  const { open, stream } = streams;
  const closeAll = async () => {
    streams.closeAll();
    // The server sees each client leave a moment later.
    await vi.waitFor(() => expect(t.app.services.liveStreams.size).toBe(0), { timeout: 3000 });
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { LIVE_HEARTBEAT_MS: '100' } });
    people = await crew(t);
    base = await listenOnLoopback(t.app);
  });
  afterEach(closeAll);
  afterAll(async () => {
    await t.close();
  });

  it('lets one account hold 10 signed-in streams; the 11th answers 429 with Retry-After until one closes', async () => {
    for (let i = 0; i < MAX_STREAMS_PER_ACCOUNT; i++) expect((await stream('/api/v1/events', people.CUSTOMER.auth)).status).toBe(200);
    const over = await stream('/api/v1/events', people.CUSTOMER.auth);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account is not held back by this one.
    expect((await stream('/api/v1/events', people.otherCustomer.auth)).status).toBe(200);
    open[0].close();
    await vi.waitFor(async () => {
      const again = await stream('/api/v1/events', people.CUSTOMER.auth);
      expect(again.status).toBe(200);
    });
  });

  it('lets one address hold 20 public streams; the 21st answers 429', async () => {
    const d = await deliveryIn(t, 'in_transit', people.CUSTOMER.id, people.DRIVER.id);
    for (let i = 0; i < 20; i++) expect((await stream(`/api/v1/deliveries/track/${d.orderId}/events`)).status).toBe(200);
    const over = await stream(`/api/v1/deliveries/track/${d.orderId}/events`);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('ends a public stream after one hour with a reconnect hint', async () => {
    const d = await deliveryIn(t, 'in_transit', people.CUSTOMER.id, people.DRIVER.id);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const watcher = await stream(`/api/v1/deliveries/track/${d.orderId}/events`);
      expect(watcher.status).toBe(200);
      await vi.advanceTimersByTimeAsync(PUBLIC_STREAM_LIFETIME_MS - 1000);
      expect(watcher.ended).toBe(false);
      await vi.advanceTimersByTimeAsync(1000);
      vi.useRealTimers();
      await vi.waitFor(() => expect(watcher.ended).toBe(true), { timeout: 3000 });
      expect(watcher.retries).toEqual(['1000']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('rate-limits opening streams like any other signed-in call', async () => {
    const { user } = await createUser(t.db, {});
    const auth = await t.bearer(user);
    let limited: EventStreamClient | undefined;
    for (let i = 0; i < 70 && !limited; i++) {
      const s = await stream('/api/v1/events', auth);
      if (s.status === 429) limited = s;
      else s.close();
    }
    expect(limited?.status).toBe(429);
    expect(await limited?.until(() => true).then(() => limited?.raw)).toMatch(/RATE_LIMITED/);
  });

  async function signIn() {
    const { user, password } = await createUser(t.db, { password: STRONG_PASSWORD, role: 'DRIVER' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password },
      remoteAddress: freshIp(),
    });
    const { token, refreshToken } = res.json().data;
    return { user, auth: { authorization: `Bearer ${token}` }, refreshToken: refreshToken as string };
  }

  it('ends an open stream within moments of a logout, a disable or a role change, and no other', async () => {
    const bystander = await stream('/api/v1/events', people.STAFF.auth);

    const a = await signIn();
    const loggedOut = await stream('/api/v1/events', a.auth);
    expect(loggedOut.status).toBe(200);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: a.auth,
      payload: { refreshToken: a.refreshToken },
    });
    expect(logout.statusCode).toBe(200);
    await loggedOut.until(() => loggedOut.ended, 2000).catch(() => {});
    expect(loggedOut.ended).toBe(true);
    expect(loggedOut.retries).toEqual(['1000']);
    // Coming back with the same token is refused: the session is over.
    expect((await stream('/api/v1/events', a.auth)).status).toBe(401);

    for (const change of [{ isActive: false }, { roleId: ROLE_IDS.STAFF }]) {
      const b = await signIn();
      const watched = await stream('/api/v1/events', b.auth);
      expect(watched.status).toBe(200);
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/users/${b.user.id}`,
        headers: people.SUPER_ADMIN.auth,
        payload: change,
      });
      expect(res.statusCode, res.body).toBe(200);
      await watched.until(() => watched.ended, 2000).catch(() => {});
      expect(watched.ended, JSON.stringify(change)).toBe(true);
    }
    expect(bystander.ended).toBe(false);
  });
});
