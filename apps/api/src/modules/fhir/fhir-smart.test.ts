import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../db/seed/factories.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { freshIp } from '../auth/test-support.js';
import { TEST_NOW } from '../deliveries/delivery-test-kit.js';
import { SMART_CLIENT_RATE_LIMIT } from './fhir-caller.js';
import { fhirProblems, pickupTask } from './fhir-test-kit.js';

const TOKEN_URL = 'http://courier.test/fhir/r4/auth/token';

/** The FHIR API with SMART Backend Services tokens: the lab's system acts for the account, within its scopes. */
describe('FHIR with a SMART access token', () => {
  const clock = fixedClock(TEST_NOW);
  const t = useTestApp({ clock });
  let n = 0;

  /** An account owner, their registered client (ES384 key made here) and a token for `scope`. */
  async function labToken(scope: string, owner?: Awaited<ReturnType<typeof createUser>>['user']) {
    const user = owner ?? (await createUser(t.db, { email: `lis-owner-${++n}@lab.test` })).user;
    const { publicKey, privateKey } = await generateKeyPair('ES384', { extractable: true });
    const kid = `k${++n}`;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/integrations/fhir-clients',
      headers: await t.bearer(user),
      payload: { name: `LIS ${n}`, jwks: { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'ES384', use: 'sig' }] } },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const clientId = registered.json().data.clientId as string;
    const signed = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES384', kid, typ: 'JWT' })
      .setIssuer(clientId)
      .setSubject(clientId)
      .setAudience(TOKEN_URL)
      .setExpirationTime(Math.floor(clock.now().getTime() / 1000) + 240)
      .setJti(`jti-${n}`)
      .sign(privateKey);
    const token = await t.app.inject({
      method: 'POST',
      url: '/fhir/r4/auth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'client_credentials',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: signed,
        scope,
      }).toString(),
      remoteAddress: freshIp(),
    });
    expect(token.statusCode, token.body).toBe(200);
    return { user, auth: { authorization: `Bearer ${token.json().access_token}`, 'content-type': 'application/fhir+json' } };
  }

  it('books and reads Tasks with Task scopes, and refuses what the scopes leave out (403 OperationOutcome)', async () => {
    const full = await labToken('system/Task.rs system/Task.c');
    const booked = await t.app.inject({ method: 'POST', url: '/fhir/r4/Task', headers: full.auth, payload: pickupTask({}, 'SMART-1') });
    expect(booked.statusCode, booked.body).toBe(201);
    const task = booked.json();
    expect(fhirProblems(task)).toEqual([]);
    const read = await t.app.inject({ method: 'GET', url: `/fhir/r4/Task/${task.id}`, headers: full.auth });
    expect(read.statusCode).toBe(200);
    expect(read.json().status).toBe('requested');

    // The same account's read-only token searches and reads, but may not book or subscribe.
    const readOnly = await labToken('system/Task.rs', full.user);
    const search = await t.app.inject({ method: 'GET', url: '/fhir/r4/Task?identifier=SMART-1', headers: readOnly.auth });
    expect(search.statusCode).toBe(200);
    expect(search.json().entry.map((e: { resource: { id: string } }) => e.resource.id)).toEqual([task.id]);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/fhir/r4/Task',
      headers: readOnly.auth,
      payload: pickupTask({}, 'SMART-2'),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ resourceType: 'OperationOutcome' });
    expect(JSON.stringify(refused.json())).toContain('system/Task.c');
    const subscribe = await t.app.inject({ method: 'GET', url: '/fhir/r4/Subscription', headers: readOnly.auth });
    expect(subscribe.statusCode).toBe(403);

    // Another account's token does not see the Task; a made-up token is 401.
    const other = await labToken('system/Task.rs');
    expect((await t.app.inject({ method: 'GET', url: `/fhir/r4/Task/${task.id}`, headers: other.auth })).statusCode).toBe(404);
    const forged = await t.app.inject({ method: 'GET', url: '/fhir/r4/Task', headers: { authorization: 'Bearer mcf_forged' } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().resourceType).toBe('OperationOutcome');
  });

  it('answers If-None-Exist with the existing Task only to a token that may read Tasks; create-only gets 409 without it', async () => {
    const full = await labToken('system/Task.rs system/Task.c');
    const first = await t.app.inject({ method: 'POST', url: '/fhir/r4/Task', headers: full.auth, payload: pickupTask({}, 'SMART-INE') });
    expect(first.statusCode, first.body).toBe(201);
    const ifNoneExist = { 'if-none-exist': 'identifier=urn:oid:2.16.840.1.113883.3.1234.1|SMART-INE' };

    const createOnly = await labToken('system/Task.c', full.user);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/fhir/r4/Task',
      headers: { ...createOnly.auth, ...ifNoneExist },
      payload: pickupTask({}, 'SMART-INE'),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ expression: ['Task.identifier'] }] });
    expect(refused.body).not.toContain(first.json().id);

    const again = await t.app.inject({
      method: 'POST',
      url: '/fhir/r4/Task',
      headers: { ...full.auth, ...ifNoneExist },
      payload: pickupTask({}, 'SMART-INE'),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
  });

  it('limits a client to its budget of calls a minute, refused ones included (429 OperationOutcome with Retry-After)', async () => {
    const { auth } = await labToken('system/Subscription.rs');
    const other = await labToken('system/Subscription.rs');
    const url = '/fhir/r4/Task/00000000-0000-4000-8000-000000000000';
    for (let i = 0; i < SMART_CLIENT_RATE_LIMIT; i++) {
      const res = await t.app.inject({ method: 'GET', url, headers: auth });
      expect(res.statusCode).toBe(403);
    }
    const limited = await t.app.inject({ method: 'GET', url, headers: auth });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'throttled' }] });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another client's budget is its own.
    expect((await t.app.inject({ method: 'GET', url, headers: other.auth })).statusCode).toBe(403);
  });
});
