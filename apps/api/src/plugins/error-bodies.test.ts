import { ZErrorBody } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.js';

// Fastify's own failures (body parsing, routing, rate limit) answer with the contract's error body too.
describe('error bodies of the whole app', () => {
  const t = useTestApp();
  const post = (payload: string, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url: '/api/v1/optform', headers: { 'content-type': contentType }, payload });

  it('413 for a body over the limit, naming the body', async () => {
    const res = await post(JSON.stringify({ phone: 'x'.repeat(1024 * 1024 + 10) }));
    expect(res.statusCode).toBe(413);
    expect(ZErrorBody.parse(res.json())).toEqual({
      success: false,
      message: 'Request body is too large',
      error: 'PAYLOAD_TOO_LARGE',
      field: 'body',
    });
  });

  it('415 for a content type the server does not read', async () => {
    const res = await post('<phone/>', 'text/xml');
    expect(res.statusCode).toBe(415);
    expect(ZErrorBody.parse(res.json())).toMatchObject({ error: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported content type' });
  });

  it('404 for an unknown route', async () => {
    const res = await t.app.inject('/api/v1/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(ZErrorBody.parse(res.json())).toEqual({
      success: false,
      message: 'Route GET /api/v1/no-such-thing not found',
      error: 'NOT_FOUND',
    });
  });

  it('400 for a body that is not JSON', async () => {
    const res = await post('{"phone":');
    expect(res.statusCode).toBe(400);
    expect(ZErrorBody.parse(res.json())).toEqual({
      success: false,
      message: 'Request body is not valid JSON',
      error: 'BAD_REQUEST',
      field: 'body',
    });
  });

  it('400 naming the field of a validation error', async () => {
    const res = await post(JSON.stringify({ consent: { sms: true, email: false, marketing: false } }));
    expect(res.statusCode).toBe(400);
    const body = ZErrorBody.parse(res.json());
    expect(body).toMatchObject({ error: 'BAD_REQUEST', field: 'phone' });
    expect(body.errors?.[0]?.field).toBe('phone');
  });

  it('429 with its seconds to wait in the body beside the Retry-After header', async () => {
    const tooMany = [];
    for (let i = 0; i < 25; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/optform',
        payload: { phone: '', consent: { sms: true } },
        remoteAddress: '10.9.9.9',
      });
      if (res.statusCode === 429) tooMany.push(res);
    }
    const res = tooMany[0]!;
    const body = ZErrorBody.parse(res.json());
    expect(body).toMatchObject({ error: 'RATE_LIMITED', message: 'Too many requests. Please try again later.' });
    expect(body.retryAfter).toBeGreaterThan(0);
    expect(body.retryAfter).toBeLessThanOrEqual(60);
    expect(res.headers['retry-after']).toBe(String(body.retryAfter));
  });
});

describe('error bodies of the router', () => {
  const t = useTestApp();

  it('400 in the one body for a path parameter over the router\u2019s length limit', async () => {
    const res = await t.app.inject(`/api/v1/deliveries/track/${'x'.repeat(500)}`);
    expect(res.statusCode).toBe(400);
    expect(ZErrorBody.parse(res.json())).toEqual({
      success: false,
      message: 'A path parameter is too long',
      error: 'BAD_REQUEST',
      field: 'path',
    });
  });
});
