import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './db/seed/factories.js';
import { type Crew, crew, deliveryIn } from './modules/dispatch/operations-test-kit.js';
import { DRIVER_NOT_ACTIVATED } from './modules/dispatch/assign-driver.js';
import { REDACTED, redactUrl } from './platform/logger.js';
import { useTestApp } from './test/test-app.js';

describe('hardening: logged tokens, request ids, unactivated drivers', () => {
  const t = useTestApp();
  let people: Crew;
  beforeAll(async () => {
    people = await crew(t);
  });

  it('redacts the unsubscribe token in a logged path as it does query values', () => {
    expect(redactUrl('/api/v1/unsubscribe/cGF0QGV4YW1wbGUudGVzdA.abc123')).toBe(`/api/v1/unsubscribe/${REDACTED}`);
    expect(redactUrl('/api/v1/unsubscribe/abc?x=1')).toBe(`/api/v1/unsubscribe/${REDACTED}?x=${REDACTED}`);
    expect(redactUrl('/api/v1/deliveries?page=2')).toBe('/api/v1/deliveries?page=2');
  });

  it('keeps a client X-Request-ID only when it is a short token of safe characters', async () => {
    const kept = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123_X.9:z' } });
    expect(kept.headers['x-request-id']).toBe('abc-123_X.9:z');
    for (const bad of ['a b', 'x'.repeat(65), '<script>', 'a\u00e9', '"quoted"', 'line%0Abreak']) {
      const res = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id'], bad).not.toBe(bad);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('refuses to assign a driver who was invited but never activated (409)', async () => {
    const { user: invited } = await createUser(t.db, { role: 'DRIVER', verified: false });
    const d = await deliveryIn(t, 'approved', people.CUSTOMER.id, null);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/deliveries/${d.id}/assign`,
      headers: people.STAFF.auth,
      payload: { driverId: invited.id },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(DRIVER_NOT_ACTIVATED);
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/deliveries/${d.id}/assign`,
      headers: people.STAFF.auth,
      payload: { driverId: people.DRIVER.id },
    });
    expect(ok.statusCode).toBe(200);
  });
});
