import { API_KEY_PREFIX, AUTH_ERRORS, SMART_TOKEN_PREFIX } from '@courier/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { users } from '../../db/schema/index.js';
import { forbidden, rateLimited, unauthorized } from '../../platform/app-error.js';
import { API_KEY_RATE_LIMIT } from '../../platform/authenticate-api-key.js';
import type { Actor } from '../../platform/policy.js';
import { actorOf } from '../../plugins/auth.js';
import { TOO_MANY_REQUESTS } from '../../plugins/errors.js';
import { scopeAllows, type TSmartPermission, type TSmartResource } from '../smart/smart-scopes.js';
import { verifyAccessToken } from '../smart/verify-access-token.js';

/** Who calls the FHIR API: a customer acting for its account (the Organization its Tasks name as requester). */
export interface FhirCaller {
  actor: Actor;
  accountId: string;
  /** An owner sees every Task of the account; a member only those they booked. */
  accountRole: 'owner' | 'member';
  /** A SMART token's granted scopes (absent for an API key, whose `fhir` scope allows every interaction). */
  scopes?: string[];
}

export const FHIR_CREDENTIALS_MISSING =
  'Authentication required: send Authorization: Bearer with a SMART Backend Services access token or an API key that has the fhir scope';
export const FHIR_TOKEN_NOT_ACCEPTED = 'This bearer token is not accepted by the FHIR API';
export const FHIR_NO_ACCOUNT = 'This caller belongs to no customer account';

/**
 * The one place a FHIR request's caller is resolved (the FHIR routes' onRequest hook calls it; errors become
 * OperationOutcomes there). Today: an API key (`Bearer mck_...`) with the `fhir` scope, checked by the app's own
 * authenticate (revocation, expiry, the key's rate limit, the audit of its calls). Any other bearer token is refused
 * here but a SMART Backend Services access token (`Bearer mcf_...`, modules/smart), checked against its scopes.
 */
export async function resolveFhirCaller(app: FastifyInstance, request: FastifyRequest): Promise<FhirCaller> {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!token) throw unauthorized(FHIR_CREDENTIALS_MISSING);
  if (token.startsWith(SMART_TOKEN_PREFIX)) return smartCaller(app, request, token);
  if (!token.startsWith(API_KEY_PREFIX)) throw unauthorized(FHIR_TOKEN_NOT_ACCEPTED);
  // The key's scope for /fhir/r4/... is `fhir` (policy.apiKeyScopeFor); a key without it gets 403.
  await app.authenticate(request);
  if (!request.sessionUser) throw unauthorized(AUTH_ERRORS.invalid);
  const actor = actorOf(request);
  return callerOfActor(app, actor);
}

/** The account of a customer actor (read when the request did not carry it). */
export async function callerOfActor(app: FastifyInstance, actor: Actor): Promise<FhirCaller> {
  if (actor.role !== 'CUSTOMER') throw forbidden();
  if (actor.account) return { actor, accountId: actor.account.id, accountRole: actor.account.role };
  const [row] = await app.services.db
    .select({ accountId: users.accountId, accountRole: users.accountRole })
    .from(users)
    .where(eq(users.id, actor.id))
    .limit(1);
  if (!row?.accountId) throw forbidden(FHIR_NO_ACCOUNT);
  return { actor, accountId: row.accountId, accountRole: row.accountRole ?? 'member' };
}

/** The SMART permission a FHIR interaction needs: create, read, update, delete or search of a Task or Subscription. */
function interactionOf(request: FastifyRequest): { resource: TSmartResource; permission: TSmartPermission } | null {
  const route = request.routeOptions.url ?? '';
  const resource = /\/Task(\/|$)/.test(route) ? 'Task' : /\/Subscription(\/|$)/.test(route) ? 'Subscription' : null;
  if (!resource) return null;
  const one = route.endsWith('/:id');
  const permission: TSmartPermission | null =
    request.method === 'POST'
      ? 'c'
      : request.method === 'GET'
        ? one
          ? 'r'
          : 's'
        : request.method === 'PUT'
          ? 'u'
          : request.method === 'DELETE'
            ? 'd'
            : null;
  return permission ? { resource, permission } : null;
}

/** A SMART client's budget on the FHIR API: as many calls a minute as an API key's, refused ones included. */
export const SMART_CLIENT_RATE_LIMIT = API_KEY_RATE_LIMIT;
type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
const smartLimits = new WeakMap<FastifyInstance, Limiter>();
const smartClientOf = new WeakMap<FastifyRequest, string>();

/** Counts the call against its client's budget; 429 (an OperationOutcome, with Retry-After) past it. */
async function chargeSmartClient(app: FastifyInstance, request: FastifyRequest, clientId: string) {
  let limit = smartLimits.get(app);
  if (!limit) {
    limit = app.createRateLimit({
      max: SMART_CLIENT_RATE_LIMIT,
      timeWindow: '1 minute',
      keyGenerator: (req) => `smart:${smartClientOf.get(req)}`,
    });
    smartLimits.set(app, limit);
  }
  smartClientOf.set(request, clientId);
  const used = await limit(request);
  if (!used.isAllowed && used.isExceeded) throw rateLimited(TOO_MANY_REQUESTS, Math.max(1, used.ttlInSeconds));
}

/**
 * A SMART Backend Services token (`Bearer mcf_...`, modules/smart): the lab's system acting for the account whose
 * owner registered it, as the account (every Task of the account), within the scopes it was granted.
 */
async function smartCaller(app: FastifyInstance, request: FastifyRequest, token: string): Promise<FhirCaller> {
  const smart = await verifyAccessToken(app.services, token);
  if (!smart) throw unauthorized(FHIR_TOKEN_NOT_ACCEPTED);
  await chargeSmartClient(app, request, smart.clientId);
  const needed = interactionOf(request);
  if (needed && !scopeAllows(smart.scopes, needed.resource, needed.permission)) {
    throw forbidden(`This access token lacks the scope system/${needed.resource}.${needed.permission}`);
  }
  const actor: Actor = { id: smart.userId, role: 'CUSTOMER', ip: request.ip, account: { id: smart.accountId, role: 'owner' } };
  return { actor, accountId: smart.accountId, accountRole: 'owner', scopes: smart.scopes };
}
