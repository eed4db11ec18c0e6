import { API_KEY_PREFIX, AUTH_ERRORS } from '@courier/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { users } from '../../db/schema/index.js';
import { forbidden, unauthorized } from '../../platform/app-error.js';
import type { Actor } from '../../platform/policy.js';
import { actorOf } from '../../plugins/auth.js';

/** Who calls the FHIR API: a customer acting for its account (the Organization its Tasks name as requester). */
export interface FhirCaller {
  actor: Actor;
  accountId: string;
  /** An owner sees every Task of the account; a member only those they booked. */
  accountRole: 'owner' | 'member';
}

export const FHIR_CREDENTIALS_MISSING = 'Authentication required: send Authorization: Bearer with an API key that has the fhir scope';
export const FHIR_TOKEN_NOT_ACCEPTED = 'This bearer token is not accepted by the FHIR API';
export const FHIR_NO_ACCOUNT = 'This caller belongs to no customer account';

/**
 * The one place a FHIR request's caller is resolved (the FHIR routes' onRequest hook calls it; errors become
 * OperationOutcomes there). Today: an API key (`Bearer mck_...`) with the `fhir` scope, checked by the app's own
 * authenticate (revocation, expiry, the key's rate limit, the audit of its calls). Any other bearer token is refused
 * here: SMART Backend Services access tokens (modules/fhir smart, verifyAccessToken) are added as a second branch.
 */
export async function resolveFhirCaller(app: FastifyInstance, request: FastifyRequest): Promise<FhirCaller> {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!token) throw unauthorized(FHIR_CREDENTIALS_MISSING);
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
