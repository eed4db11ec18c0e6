import { SMART_TOKEN_PREFIX, ZErrorBody } from '@courier/contract';
import { and, eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { auditEvents, fhirAccessTokens, fhirClients, users } from '../../db/schema/index.js';
import { createUser } from '../../db/seed/factories.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { freshIp } from '../auth/test-support.js';
import { TEST_NOW } from '../deliveries/delivery-test-kit.js';
import { scopeAllows } from './smart-scopes.js';
import { verifyAccessToken } from './verify-access-token.js';

const TOKEN_URL = 'http://courier.test/fhir/r4/auth/token';
const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
type Alg = 'RS384' | 'ES384';

/** A lab system's key pair, made here: the private half signs, the public half (a JWK with a kid) is registered. */
async function labKey(alg: Alg, kid = `${alg.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}`) {
  const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' };
  return { alg, kid, jwk, privateKey, privateJwk: { ...(await exportJWK(privateKey)), kid } };
}
type LabKey = Awaited<ReturnType<typeof labKey>>;

describe('SMART Backend Services', () => {
  const clock = fixedClock(TEST_NOW);
  const t = useTestApp({ clock });
  const nowS = () => Math.floor(clock.now().getTime() / 1000);
  let n = 0;

  async function owner() {
    const { user } = await createUser(t.db, { email: `owner-${++n}@lab.test` });
    return { user, headers: await t.bearer(user), accountId: user.accountId as string };
  }
  async function register(headers: Record<string, string>, keys: JWK[], name = 'Harbor LIS') {
    return t.app.inject({ method: 'POST', url: '/api/v1/integrations/fhir-clients', headers, payload: { name, jwks: { keys } } });
  }
  /** An owner with a client registered with an RS384 and an ES384 key. */
  async function lab() {
    const who = await owner();
    const rsa = await labKey('RS384');
    const ec = await labKey('ES384');
    const res = await register(who.headers, [rsa.jwk, ec.jwk]);
    expect(res.statusCode).toBe(201);
    return { ...who, rsa, ec, clientId: res.json().data.clientId as string, client: res.json().data };
  }

  function assertion(key: LabKey, clientId: string, claims: { aud?: string; exp?: number; jti?: string; sub?: string; kid?: string } = {}) {
    return new SignJWT({})
      .setProtectedHeader({ alg: key.alg, kid: claims.kid ?? key.kid, typ: 'JWT' })
      .setIssuer(clientId)
      .setSubject(claims.sub ?? clientId)
      .setAudience(claims.aud ?? TOKEN_URL)
      .setExpirationTime(claims.exp ?? nowS() + 240)
      .setJti(claims.jti ?? `jti-${++n}-${Math.random()}`)
      .sign(key.privateKey);
  }
  const tokenCall = (form: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/fhir/r4/auth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
      // Each its own address: the endpoint's per-address limit is not what these tests are about.
      remoteAddress: freshIp(),
    });
  const exchange = async (signed: string, scope = 'system/Task.rs system/Task.c system/Subscription.crud') =>
    tokenCall({ grant_type: 'client_credentials', client_assertion_type: JWT_BEARER, client_assertion: signed, scope });

  it('keeps only the signing keys, with only what verifying needs', async () => {
    const { headers } = await owner();
    const rsa = await labKey('RS384');
    const rs256 = await labKey('RS384');
    const res = await register(headers, [{ ...rsa.jwk, x5c: ['MIIB'], comment: 'lab key' } as JWK, { ...rs256.jwk, alg: 'RS256' }]);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.keys).toEqual([{ kid: rsa.kid, alg: 'RS384' }]);
    const [row] = await t.db.select().from(fhirClients).where(eq(fhirClients.id, res.json().data.clientId));
    expect(Object.keys(row.jwks.keys[0]).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
  });

  it('registers a client with its public keys and answers its client_id and token URL, audited', async () => {
    const { user, clientId, client, headers, rsa, ec } = await lab();
    expect(client).toMatchObject({
      _id: clientId,
      name: 'Harbor LIS',
      tokenUrl: TOKEN_URL,
      lastUsedAt: null,
      keys: [
        { kid: rsa.kid, alg: 'RS384' },
        { kid: ec.kid, alg: 'ES384' },
      ],
    });
    const list = await t.app.inject({ url: '/api/v1/integrations/fhir-clients', headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((c: { clientId: string }) => c.clientId)).toEqual([clientId]);
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'fhir_client.create'), eq(auditEvents.targetId, clientId)));
    expect(audit).toHaveLength(1);
    expect(audit[0].actorId).toBe(user.id);
  });

  it('refuses a JWKS with private key material, without a signing key, or that is not a JWKS, naming the field', async () => {
    const { headers } = await owner();
    const rsa = await labKey('RS384');
    const withPrivate = await register(headers, [rsa.privateJwk]);
    expect(withPrivate.statusCode).toBe(400);
    expect(ZErrorBody.parse(withPrivate.json())).toMatchObject({ error: 'BAD_REQUEST', field: 'jwks.keys.0.d' });
    const p256 = await generateKeyPair('ES256', { extractable: true });
    const wrongCurve = await register(headers, [{ ...(await exportJWK(p256.publicKey)), kid: 'p256' }]);
    expect(wrongCurve.statusCode).toBe(400);
    expect(wrongCurve.json().field).toBe('jwks.keys');
    const noKid = await register(headers, [{ ...rsa.jwk, kid: undefined }]);
    expect(noKid.json().field).toBe('jwks.keys.0.kid');
    const secret = await register(headers, [{ kty: 'oct', k: 'c2VjcmV0', kid: 'hmac' }]);
    expect(secret.json().field).toBe('jwks.keys.0.k');
    const notJwks = await t.app.inject({
      method: 'POST',
      url: '/api/v1/integrations/fhir-clients',
      headers,
      payload: { name: 'x', jwks: [rsa.jwk] },
    });
    expect(notJwks.statusCode).toBe(400);
    expect(notJwks.json().field).toBe('jwks');
    const hostileKid = await register(headers, [{ ...rsa.jwk, kid: 'a\u0000b' }]);
    expect(hostileKid.json().field).toBe('jwks.keys.0.kid');
    const notBase64 = await register(headers, [{ ...rsa.jwk, e: 'A A' }]);
    expect(notBase64.json().field).toBe('jwks.keys.0.e');
    const garbled = await register(headers, [{ ...rsa.jwk, n: 'AQAB' }]);
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().field).toBe('jwks.keys.0');
  });

  for (const alg of ['RS384', 'ES384'] as const) {
    it(`exchanges an ${alg} assertion for a bearer token that verifyAccessToken accepts as the owner`, async () => {
      const { user, accountId, clientId, rsa, ec, headers } = await lab();
      const res = await exchange(await assertion(alg === 'RS384' ? rsa : ec, clientId));
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json();
      expect(body).toMatchObject({ token_type: 'bearer', expires_in: 300, scope: 'system/Task.rs system/Task.c system/Subscription.crud' });
      expect(body.access_token.startsWith(SMART_TOKEN_PREFIX)).toBe(true);
      const caller = await verifyAccessToken(t.app.services, body.access_token);
      expect(caller).toEqual({
        userId: user.id,
        accountId,
        clientId,
        scopes: ['system/Task.rs', 'system/Task.c', 'system/Subscription.crud'],
      });
      expect(scopeAllows(caller!.scopes, 'Task', 'c')).toBe(true);
      expect(scopeAllows(caller!.scopes, 'Task', 'u')).toBe(false);
      // Only the hash is stored.
      const stored = await t.db.select().from(fhirAccessTokens).where(eq(fhirAccessTokens.clientId, clientId));
      expect(JSON.stringify(stored)).not.toContain(body.access_token.slice(8));
      const list = await t.app.inject({ url: '/api/v1/integrations/fhir-clients', headers });
      expect(list.json().data[0].lastUsedAt).toBe(new Date(TEST_NOW).toISOString());
    });
  }

  it('grants the intersection of the scopes asked and allowed, reading v1 scopes too', async () => {
    const { clientId, rsa } = await lab();
    const v1 = await exchange(await assertion(rsa, clientId), 'system/Task.read system/Task.write system/Patient.read launch');
    expect(v1.statusCode).toBe(200);
    expect(v1.json().scope).toBe('system/Task.rs system/Task.c');
    const wide = await exchange(await assertion(rsa, clientId), 'system/*.cruds');
    expect(wide.json().scope).toBe('system/Task.crs system/Subscription.crud');
    const narrow = await exchange(await assertion(rsa, clientId), 'system/Task.rs');
    expect(narrow.json().scope).toBe('system/Task.rs');
    const caller = await verifyAccessToken(t.app.services, narrow.json().access_token);
    expect(scopeAllows(caller!.scopes, 'Task', 'c')).toBe(false);
    expect(scopeAllows(caller!.scopes, 'Subscription', 'r')).toBe(false);
    const none = await exchange(await assertion(rsa, clientId), 'system/Patient.rs');
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('invalid_scope');
  });

  it('expires the token after five minutes', async () => {
    const { clientId, rsa } = await lab();
    const token = (await exchange(await assertion(rsa, clientId))).json().access_token;
    clock.advance(299_000);
    try {
      expect(await verifyAccessToken(t.app.services, token)).not.toBeNull();
      clock.advance(2_000);
      expect(await verifyAccessToken(t.app.services, token)).toBeNull();
    } finally {
      clock.set(TEST_NOW);
    }
  });

  it('refuses a wrong key, an expired or too long assertion, a replayed jti, a wrong audience and an unknown client', async () => {
    const { clientId, rsa, ec } = await lab();
    const stranger = await labKey('RS384', rsa.kid);
    const refused = async (signed: string | Promise<string>, description: RegExp) => {
      const res = await exchange(await signed);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'invalid_client', error_description: expect.stringMatching(description) });
    };
    await refused(assertion(stranger, clientId), /signature does not verify/);
    // An ES384 key signing under the RSA key's kid.
    await refused(assertion(ec, clientId, { kid: rsa.kid }), /No key registered|signature/);
    await refused(assertion(rsa, clientId, { kid: 'unknown-kid' }), /No key registered/);
    await refused(assertion(rsa, clientId, { exp: nowS() - 120 }), /expired/);
    await refused(assertion(rsa, clientId, { exp: nowS() + 3600 }), /at most 5 minutes/);
    await refused(assertion(rsa, clientId, { aud: 'https://elsewhere.example/token' }), /aud must be the token URL/);
    await refused(assertion(rsa, clientId, { sub: '00000000-0000-4000-8000-000000000000' }), /iss and sub/);
    await refused(assertion(rsa, '00000000-0000-4000-8000-000000000000'), /Unknown client/);
    const once = await assertion(rsa, clientId, { jti: 'same-jti' });
    expect((await exchange(once)).statusCode).toBe(200);
    await refused(once, /jti has been used before/);
    // A new assertion with the same jti is a replay too.
    await refused(assertion(rsa, clientId, { jti: 'same-jti' }), /jti has been used before/);
    // An HS256 assertion (a shared secret) is refused before any key is looked at.
    const hs = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', kid: rsa.kid })
      .setIssuer(clientId)
      .setSubject(clientId)
      .setAudience(TOKEN_URL)
      .setExpirationTime(nowS() + 60)
      .setJti('hs')
      .sign(new TextEncoder().encode('a-shared-secret-a-shared-secret-0123'));
    await refused(hs, /RS384 or ES384/);
    await refused('not-a-jwt', /not a signed JWT/);
  });

  it('refuses a bad grant type, a wrong assertion type and a missing scope in OAuth 2.0 terms', async () => {
    const { clientId, rsa } = await lab();
    const signed = await assertion(rsa, clientId);
    const grant = await tokenCall({
      grant_type: 'password',
      client_assertion_type: JWT_BEARER,
      client_assertion: signed,
      scope: 'system/Task.rs',
    });
    expect(grant.statusCode).toBe(400);
    expect(grant.json().error).toBe('unsupported_grant_type');
    const type = await tokenCall({
      grant_type: 'client_credentials',
      client_assertion_type: 'secret',
      client_assertion: signed,
      scope: 'system/Task.rs',
    });
    expect(type.statusCode).toBe(401);
    expect(type.json().error).toBe('invalid_client');
    const noScope = await tokenCall({ grant_type: 'client_credentials', client_assertion_type: JWT_BEARER, client_assertion: signed });
    expect(noScope.statusCode).toBe(400);
    expect(noScope.json().error).toBe('invalid_scope');
    const empty = await t.app.inject({ method: 'POST', url: '/fhir/r4/auth/token' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('invalid_request');
  });

  it('answers hostile token requests with OAuth errors, never 5xx', async () => {
    const { clientId, rsa } = await lab();
    const hostile = ['\u0000', 'a\u0000b', '\uD800', "' OR '1'='1", 'x'.repeat(20_000), '', '{}'];
    for (const value of hostile) {
      for (const name of ['grant_type', 'client_assertion_type', 'client_assertion', 'scope']) {
        const form: Record<string, string> = {
          grant_type: 'client_credentials',
          client_assertion_type: JWT_BEARER,
          client_assertion: await assertion(rsa, clientId),
          scope: 'system/Task.rs',
          [name]: value,
        };
        const res = await tokenCall(form);
        expect(res.statusCode, `${name}=${JSON.stringify(value.slice(0, 20))}`).toBeLessThan(500);
      }
      const jti = await exchange(await assertion(rsa, clientId, { jti: value }));
      expect(jti.statusCode).toBeLessThan(500);
    }
    const json = await t.app.inject({
      method: 'POST',
      url: '/fhir/r4/auth/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"grant',
    });
    expect(json.statusCode).toBe(400);
  });

  it('stops a deleted client getting tokens, and the tokens it had stop working; audited', async () => {
    const { clientId, rsa, headers } = await lab();
    const token = (await exchange(await assertion(rsa, clientId))).json().access_token;
    expect(await verifyAccessToken(t.app.services, token)).not.toBeNull();
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/integrations/fhir-clients/${clientId}`, headers });
    expect(del.statusCode).toBe(200);
    expect(await verifyAccessToken(t.app.services, token)).toBeNull();
    const after = await exchange(await assertion(rsa, clientId));
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toBe('invalid_client');
    expect((await t.app.inject({ url: '/api/v1/integrations/fhir-clients', headers })).json().data).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/integrations/fhir-clients/${clientId}`, headers })).statusCode).toBe(404);
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'fhir_client.delete'), eq(auditEvents.targetId, clientId)));
    expect(audit).toHaveLength(1);
  });

  it('stops the tokens when the owner who registered the client is disabled', async () => {
    const { user, clientId, rsa } = await lab();
    const token = (await exchange(await assertion(rsa, clientId))).json().access_token;
    await t.db.update(users).set({ isDisabled: true }).where(eq(users.id, user.id));
    expect(await verifyAccessToken(t.app.services, token)).toBeNull();
    const again = await exchange(await assertion(rsa, clientId));
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('invalid_grant');
  });

  it('stops the tokens when the owner who registered the client is made a member', async () => {
    const { user, clientId, rsa } = await lab();
    const token = (await exchange(await assertion(rsa, clientId))).json().access_token;
    expect(await verifyAccessToken(t.app.services, token)).not.toBeNull();
    await t.db.update(users).set({ accountRole: 'member' }).where(eq(users.id, user.id));
    expect(await verifyAccessToken(t.app.services, token)).toBeNull();
    const again = await exchange(await assertion(rsa, clientId));
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('invalid_grant');
  });

  it('keeps SMART tokens and sessions apart: neither is accepted as the other', async () => {
    const { clientId, rsa, headers } = await lab();
    const token = (await exchange(await assertion(rsa, clientId))).json().access_token;
    const asSession = await t.app.inject({ url: '/api/v1/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(asSession.statusCode).toBe(401);
    const asList = await t.app.inject({ url: '/api/v1/deliveries/my-deliveries', headers: { authorization: `Bearer ${token}` } });
    expect(asList.statusCode).toBe(401);
    const sessionJwt = headers.authorization.slice('Bearer '.length);
    expect(await verifyAccessToken(t.app.services, sessionJwt)).toBeNull();
    expect(await verifyAccessToken(t.app.services, `${SMART_TOKEN_PREFIX}${'a'.repeat(43)}`)).toBeNull();
    expect(await verifyAccessToken(t.app.services, '')).toBeNull();
  });

  it('lets only an owner manage clients: a member 403, another account\u2019s client 404, staff 403', async () => {
    const { clientId, accountId, rsa } = await lab();
    const { user: member } = await createUser(t.db, { email: `member-${++n}@lab.test`, accountId, accountRole: 'member' });
    const memberHeaders = await t.bearer(member);
    expect((await register(memberHeaders, [rsa.jwk])).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/v1/integrations/fhir-clients', headers: memberHeaders })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/integrations/fhir-clients/${clientId}`, headers: memberHeaders })).statusCode,
    ).toBe(403);

    const other = await owner();
    const theirs = await t.app.inject({ method: 'DELETE', url: `/api/v1/integrations/fhir-clients/${clientId}`, headers: other.headers });
    expect(theirs.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/v1/integrations/fhir-clients', headers: other.headers })).json().data).toEqual([]);
    const [still] = await t.db.select().from(fhirClients).where(eq(fhirClients.id, clientId));
    expect(still.deletedAt).toBeNull();

    const { user: staff } = await createUser(t.db, { role: 'STAFF', email: `staff-${++n}@courier.test` });
    expect((await register(await t.bearer(staff), [rsa.jwk])).statusCode).toBe(403);
  });

  it('publishes its SMART configuration at the FHIR base and at the root', async () => {
    for (const url of ['/fhir/r4/.well-known/smart-configuration', '/.well-known/smart-configuration']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        token_endpoint: TOKEN_URL,
        token_endpoint_auth_methods_supported: ['private_key_jwt'],
        token_endpoint_auth_signing_alg_values_supported: ['RS384', 'ES384'],
        grant_types_supported: ['client_credentials'],
        scopes_supported: ['system/Task.rs', 'system/Task.c', 'system/Subscription.crud'],
        capabilities: ['client-confidential-asymmetric'],
      });
    }
  });
});
