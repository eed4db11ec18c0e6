import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.js';
import { audienceOfHook } from './auth.js';

/**
 * The routes anyone may call. Every other route declares its audience one way: `onRequest: app.admit(...)`,
 * which runs before the body is read, so a refused caller learns nothing from validation. A new route that
 * forgets it fails here; a new public route is added to this list on purpose.
 */
const PUBLIC_ROUTES = [
  'GET /healthz',
  'GET /readyz',
  // The scraper's: it checks its own bearer token (METRICS_TOKEN), and answers 404 when none is set.
  'GET /metrics',
  'GET /api/v1/config',
  'POST /api/v1/auth/register',
  'POST /api/v1/auth/login',
  'POST /api/v1/auth/verify-otp',
  'POST /api/v1/auth/resend-otp',
  'POST /api/auth/refresh-token',
  'POST /api/v1/auth/refresh-token',
  // Revokes the refresh token it is given, and the session of the access token when one comes along.
  'POST /api/v1/auth/logout',
  'POST /api/v1/auth/forgot-password',
  'POST /api/v1/auth/reset-password',
  'GET /api/v1/auth/verify-email',
  // An account invitation's link is its own credential: what it is for, and a new person's password through it.
  'GET /api/v1/account/invitations/preview',
  'POST /api/v1/account/invitations/register',
  // A receipt link and an unsubscribe link carry their own signed token.
  'GET /api/v1/receipts/:token',
  // The lab's temperature trace of the parcel on the receiving link: the link's token is the credential.
  'GET /api/v1/receipts/:token/temperature',
  'POST /api/v1/receipts/:token',
  'GET /api/v1/unsubscribe/:token',
  'POST /api/v1/unsubscribe/:token',
  'GET /api/v1/deliveries/track',
  'GET /api/v1/deliveries/track/:trackingNumber',
  'GET /api/v1/deliveries/track/:trackingNumber/details',
  'GET /api/v1/deliveries/track/:trackingNumber/events',
  'POST /api/v1/deliveries/track/:trackingNumber/feedback',
  'POST /api/v1/optform',
  // The SMS provider's callback, checked by its own signature.
  'POST /api/v1/sms/inbound',
  // A signed link or a Bearer token: the route checks the token itself when there is no valid link.
  'GET /api/v1/files/:id',
  // SMART Backend Services: the signed client assertion is the credential; discovery is public by design.
  'POST /fhir/r4/auth/token',
  'GET /fhir/r4/.well-known/smart-configuration',
  'GET /.well-known/smart-configuration',
  // FHIR's CapabilityStatement is public by the specification (what a client reads before it authenticates).
  'GET /fhir/r4/metadata',
];

describe('every route', () => {
  const routes: { key: string; audience: unknown }[] = [];
  const t = useTestApp({
    onRoute: (route: RouteOptions) => {
      const methods = [route.method].flat().filter((m) => m !== 'HEAD');
      const hooks = [route.onRequest ?? []].flat();
      const audience = hooks.map(audienceOfHook).find(Boolean);
      for (const method of methods) routes.push({ key: `${method} ${route.url}`, audience });
    },
  });

  it('declares its audience with admit, unless it is one of the public ones', () => {
    expect(t.app).toBeDefined();
    const checked = routes.filter((r) => !r.key.includes(' /api/docs'));
    expect(checked.length).toBeGreaterThan(60);
    const undeclared = checked.filter((r) => !r.audience).map((r) => r.key);
    expect(undeclared.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('answers an anonymous caller 401 before it reads the body', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/v1/auth/profile', payload: { name: 42, phone: [] } });
    expect(res.statusCode).toBe(401);
  });
});
