import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../db/seed/factories.js';
import { useTestApp } from '../../test/test-app.js';

describe('geo routes on the offline gazetteer', () => {
  const t = useTestApp();
  let auth: { authorization: string };
  beforeAll(async () => {
    auth = await t.bearer((await createUser(t.db)).user);
  });

  it('suggests places for what is typed, keeping the street', async () => {
    const res = await t.app.inject({ url: '/api/v1/geo/autocomplete?q=55%20Fruit%20St%2C%20Bost', headers: auth });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.length).toBeLessThanOrEqual(5);
    expect(body.data[0]).toMatchObject({ description: '55 Fruit St, Boston, MA', label: 'Boston, MA' });
    expect(typeof body.data[0].lat).toBe('number');
  });

  it('answers no suggestions for less than two characters', async () => {
    expect((await t.app.inject({ url: '/api/v1/geo/autocomplete?q=b', headers: auth })).json()).toEqual({ success: true, data: [] });
  });

  it('geocodes an address to a street-less label and coordinates', async () => {
    const res = await t.app.inject({
      url: `/api/v1/geo/geocode?address=${encodeURIComponent('55 Fruit St, Boston, MA 02114')}`,
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { label: 'Boston, MA 02114', lat: expect.any(Number), lng: expect.any(Number) } });
  });

  it('answers 404 with a message for an address it cannot place', async () => {
    const res = await t.app.inject({ url: '/api/v1/geo/geocode?address=Behind%20the%20old%20mill', headers: auth });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, message: 'address: We could not find this address' });
  });

  it('names the missing parameter', async () => {
    const res = await t.app.inject({ url: '/api/v1/geo/geocode', headers: auth });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('address: Address is required');
  });

  it('requires a signed-in user', async () => {
    expect((await t.app.inject('/api/v1/geo/autocomplete?q=boston')).statusCode).toBe(401);
    expect((await t.app.inject('/api/v1/geo/geocode?address=boston')).statusCode).toBe(401);
  });

  it('limits each caller to 60 lookups a minute', async () => {
    const mine = await t.bearer((await createUser(t.db)).user);
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) codes.push((await t.app.inject({ url: '/api/v1/geo/autocomplete?q=bo', headers: mine })).statusCode);
    expect(codes.slice(0, 60).every((c) => c === 200)).toBe(true);
    expect(codes[60]).toBe(429);
    // Another caller has a budget of their own.
    expect((await t.app.inject({ url: '/api/v1/geo/autocomplete?q=bo', headers: auth })).statusCode).toBe(200);
  });

  it('counts one account once however it varies its token: extra spaces or a fresh token per request', async () => {
    const { user } = await createUser(t.db);
    const { authorization } = await t.bearer(user);
    const token = authorization.slice('Bearer '.length);
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) {
      const headers = { authorization: `Bearer ${' '.repeat(i)}${token}` };
      codes.push((await t.app.inject({ url: '/api/v1/geo/autocomplete?q=bo', headers })).statusCode);
    }
    expect(codes.slice(0, 60).every((c) => c === 200)).toBe(true);
    expect(codes[60]).toBe(429);
    // A freshly minted token of the same account shares the spent budget.
    expect((await t.app.inject({ url: '/api/v1/geo/autocomplete?q=bo', headers: await t.bearer(user) })).statusCode).toBe(429);
  });
});

describe('geo suggestions where the courier works', () => {
  const t = useTestApp({ env: { SERVICE_AREA_STATES: 'ME,NH', ROUTING_BASE: '43.6591,-70.2568' } });
  it('suggests the served states and the depot’s surroundings first (SERVICE_AREA_STATES, ROUTING_BASE)', async () => {
    const auth = await t.bearer((await createUser(t.db)).user);
    const res = await t.app.inject({ url: '/api/v1/geo/autocomplete?q=portl', headers: auth });
    expect(res.json().data[0]).toMatchObject({ label: 'Portland, ME', description: 'Portland, ME' });
    const manch = await t.app.inject({ url: '/api/v1/geo/autocomplete?q=manch', headers: auth });
    expect(manch.json().data[0].label).toBe('Manchester, NH');
  });
});
