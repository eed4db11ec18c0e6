import { API_KEY_PREFIX, AUTH_ERRORS, roleFromId, type TRole } from '@courier/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { refreshTokens, users } from '../db/schema/index.js';
import { forbidden, rateLimited, unauthorized } from '../platform/app-error.js';
import { TOO_MANY_REQUESTS } from './errors.js';
import { type Actor, type Anonymous, type Audience, admits } from '../platform/policy.js';
import { verifyAccessToken } from '../platform/access-token.js';
import { API_KEY_RATE_LIMIT, auditApiKeyCall, authenticateApiKey } from '../platform/authenticate-api-key.js';

export interface SessionUser {
  id: string;
  role: TRole;
  roleId: string;
  email: string;
  /** A customer's account and their role in it, read with the user on every request (a change takes effect at once). */
  account?: { id: string; role: 'owner' | 'member' };
  /** Set when the caller sent an API key: it acts as its customer with only its scopes. */
  apiKey?: { id: string; name: string };
}

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
    /** The API key a call came with, known as soon as the key is (so refused calls are audited too). */
    apiKeyCall: { id: string; name: string; userId: string } | null;
  }
  interface FastifyInstance {
    /** A valid access token (or API key) for a live account; routes declare their audience with `admit` instead. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /**
     * onRequest hook (before the body is read or validated): authenticated and of a role the audience admits (403
     * otherwise); an API key also needs the route's scope and stays within its own rate limit.
     */
    admit: (audience: Audience) => (request: FastifyRequest) => Promise<void>;
  }
}

const AUDIENCE = Symbol('audience');

/** The audience an onRequest hook made by `admit` lets in (undefined for any other hook): what the route test reads. */
export function audienceOfHook(hook: unknown): Audience | undefined {
  return typeof hook === 'function' ? (hook as { [AUDIENCE]?: Audience })[AUDIENCE] : undefined;
}

/**
 * Marks an onRequest hook that authenticates in its own way (the FHIR API's caller resolution) with the audience it
 * lets in, so the route test reads it as it reads `admit`'s.
 */
export function withAudience<T extends (request: FastifyRequest) => Promise<void>>(audience: Audience, hook: T): T {
  return Object.assign(hook, { [AUDIENCE]: audience });
}

/** The signed-in caller as use cases take it: who, in which role, from where. */
export function actorOf(request: FastifyRequest): Actor {
  const { id, role, apiKey, account } = currentUser(request);
  const actor: Actor = apiKey ? { id, role, ip: request.ip, apiKey } : { id, role, ip: request.ip };
  if (account) actor.account = account;
  return actor;
}

/** The caller of a public route: not signed in, known only by where it calls from. */
export function anonymousOf(request: FastifyRequest): Anonymous {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

/** The signed-in user of a request that passed `admit` (or `authenticate`). */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthorized(AUTH_ERRORS.missing);
  return request.sessionUser;
}

export default fp(async function auth(app: FastifyInstance) {
  app.decorateRequest('sessionUser', null);
  app.decorateRequest('apiKeyCall', null);

  // A key's own budget across every call it makes, refused ones included, beside the per-route limits (which count
  // per key too). (createRateLimit, not rateLimit: the latter marks the request as limited and the route's own limit
  // would be skipped.)
  const apiKeyLimit = app.createRateLimit({
    max: API_KEY_RATE_LIMIT,
    timeWindow: '1 minute',
    keyGenerator: (request) => `key:${request.apiKeyCall?.id}`,
  });
  const chargeApiKey = async (request: FastifyRequest) => {
    const limit = await apiKeyLimit(request);
    if (!limit.isAllowed && limit.isExceeded) throw rateLimited(TOO_MANY_REQUESTS, Math.max(1, limit.ttlInSeconds));
  };

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) throw unauthorized(AUTH_ERRORS.missing);
    if (token.startsWith(API_KEY_PREFIX)) {
      await authenticateApiKey(app.services, request, token, chargeApiKey);
      return;
    }
    const { db, clock, jwtKey } = app.services;
    const claims = await verifyAccessToken(jwtKey, token, clock.now());
    // The account and its session are read on every request, so a deleted, disabled or demoted user, a
    // logout or a password change elsewhere takes effect at once rather than when the 15-minute token ends.
    const sessionLive = claims.sid
      ? sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${claims.sid} and ${refreshTokens.revokedAt} is null)`
      : sql<boolean>`true`;
    const [row] = await db
      .select({
        id: users.id,
        roleId: users.roleId,
        email: users.email,
        isDeleted: users.isDeleted,
        isDisabled: users.isDisabled,
        accountId: users.accountId,
        accountRole: users.accountRole,
        sessionLive,
      })
      .from(users)
      .where(eq(users.id, claims.sub))
      .limit(1);
    const role = roleFromId(row?.roleId);
    if (!row || row.isDeleted || row.isDisabled || !row.sessionLive || !role) throw unauthorized(AUTH_ERRORS.invalid);
    request.sessionUser = { id: row.id, role, roleId: row.roleId, email: row.email };
    if (row.accountId && row.accountRole) request.sessionUser.account = { id: row.accountId, role: row.accountRole };
  });

  app.decorate('admit', (audience: Audience) =>
    Object.assign(
      async (request: FastifyRequest) => {
        await app.authenticate(request);
        if (!admits(audience, currentUser(request).role)) throw forbidden();
      },
      { [AUDIENCE]: audience },
    ),
  );
  // Every call made with a key is audited with the key's name, refused ones included (counted, a row a minute).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.apiKeyCall) await auditApiKeyCall(app.services, request, reply.statusCode);
    return payload;
  });
});
