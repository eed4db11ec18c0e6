import {
  jwkSignsWith,
  SMART_ASSERTION_ALGORITHMS,
  SMART_TOKEN_TTL_S,
  type TSmartTokenError,
  type TSmartTokenResponse,
} from '@courier/contract';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, errors, type JWTPayload, jwtVerify } from 'jose';
import { customerAccounts, fhirAccessTokens, fhirAssertionJtis, fhirClients, users } from '../../db/schema/index.js';
import type { Services } from '../../services.js';
import { isUuid } from '../../shared/ids.js';
import { grantScopes } from './smart-scopes.js';
import { hashSmartToken, newSmartToken } from './smart-token.js';
import { smartTokenUrl } from './smart-urls.js';

export const CLIENT_CREDENTIALS = 'client_credentials';
export const JWT_BEARER_ASSERTION = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
/** The farthest ahead an assertion's exp may be (SMART Backend Services: no more than five minutes). */
export const MAX_ASSERTION_LIFETIME_S = 300;
/** Clocks differ a little: this much is forgiven on exp (both ways). */
const CLOCK_SKEW_S = 30;

/** A refusal in OAuth 2.0's words (RFC 6749 section 5.2), with its HTTP status. */
export class SmartTokenError extends Error {
  constructor(
    readonly status: 400 | 401,
    readonly body: TSmartTokenError,
  ) {
    super(body.error_description);
  }
}
const invalidClient = (description: string) => new SmartTokenError(401, { error: 'invalid_client', error_description: description });
const invalid = (error: Exclude<TSmartTokenError['error'], 'invalid_client'>, description: string) =>
  new SmartTokenError(400, { error, error_description: description });

const field = (form: Record<string, unknown>, name: string): string | undefined => {
  const value = form[name];
  return typeof value === 'string' ? value : undefined;
};

/** Why jose refused the assertion, in words a lab's interface analyst can act on. */
function describeRefusal(err: unknown, tokenUrl: string): string {
  if (err instanceof errors.JWTExpired) return 'The assertion has expired (exp is in the past)';
  if (err instanceof errors.JWTClaimValidationFailed) {
    if (err.claim === 'aud') return `The assertion's aud must be the token URL ${tokenUrl}`;
    if (err.claim === 'iss' || err.claim === 'sub') return "The assertion's iss and sub must both be the client_id";
    if (err.reason === 'missing') return `The assertion must carry ${err.claim}`;
    return `The assertion's ${err.claim} is not valid`;
  }
  if (err instanceof errors.JWKSNoMatchingKey) return "No key registered for this client matches the assertion's kid and alg";
  if (err instanceof errors.JWKSMultipleMatchingKeys) return "More than one registered key matches the assertion's kid";
  if (err instanceof errors.JWSSignatureVerificationFailed)
    return "The assertion's signature does not verify with the registered key it names";
  if (err instanceof errors.JOSEAlgNotAllowed) return `The assertion must be signed with ${SMART_ASSERTION_ALGORITHMS.join(' or ')}`;
  return 'The assertion could not be verified';
}

/**
 * POST /fhir/r4/auth/token: a client_credentials grant with a private_key_jwt assertion (SMART Backend Services).
 * The assertion is signed (RS384 or ES384) with a key the client registered, names the client as iss and sub and
 * the token URL as aud, expires within five minutes, and its jti is never used twice. The answer is a bearer token
 * for five minutes with the asked scopes that are allowed. A public call: the assertion is the credential.
 */
export async function exchangeClientAssertion(
  services: Pick<Services, 'db' | 'clock' | 'publicUrl'>,
  form: Record<string, unknown>,
): Promise<TSmartTokenResponse> {
  const tokenUrl = smartTokenUrl(services.publicUrl);
  const grantType = field(form, 'grant_type');
  if (!grantType) throw invalid('invalid_request', 'grant_type is required');
  if (grantType !== CLIENT_CREDENTIALS) throw invalid('unsupported_grant_type', `grant_type must be ${CLIENT_CREDENTIALS}`);
  if (field(form, 'client_assertion_type') !== JWT_BEARER_ASSERTION)
    throw invalidClient(`client_assertion_type must be ${JWT_BEARER_ASSERTION}`);
  const assertion = field(form, 'client_assertion');
  if (!assertion) throw invalidClient('client_assertion is required');
  const scope = field(form, 'scope')?.trim();
  if (!scope) throw invalid('invalid_scope', 'scope is required (for example system/Task.rs system/Task.c)');

  let claims: JWTPayload;
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    claims = decodeJwt(assertion);
    header = decodeProtectedHeader(assertion);
  } catch {
    throw invalidClient('client_assertion is not a signed JWT');
  }
  const clientId = claims.iss;
  if (typeof clientId !== 'string' || !isUuid(clientId))
    throw invalidClient('Unknown client: the assertion\u2019s iss must be a registered client_id');
  if (typeof header.alg !== 'string' || !(SMART_ASSERTION_ALGORITHMS as readonly string[]).includes(header.alg))
    throw invalidClient(`The assertion must be signed with ${SMART_ASSERTION_ALGORITHMS.join(' or ')}`);
  if (typeof header.kid !== 'string' || !header.kid) throw invalidClient("The assertion's header must name its key (kid)");

  const { db, clock } = services;
  const now = clock.now();
  const [client] = await db
    .select({ id: fhirClients.id, jwks: fhirClients.jwks })
    .from(fhirClients)
    .where(and(eq(fhirClients.id, clientId), isNull(fhirClients.deletedAt)));
  if (!client) throw invalidClient('Unknown client: the assertion\u2019s iss must be a registered client_id');

  const keys = client.jwks.keys.filter((key) => jwkSignsWith(key) !== null);
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(assertion, createLocalJWKSet({ keys }), {
      algorithms: [...SMART_ASSERTION_ALGORITHMS],
      issuer: clientId,
      subject: clientId,
      audience: tokenUrl,
      requiredClaims: ['exp', 'jti'],
      currentDate: now,
      clockTolerance: CLOCK_SKEW_S,
    }));
  } catch (err) {
    throw invalidClient(describeRefusal(err, tokenUrl));
  }
  const nowS = Math.floor(now.getTime() / 1000);
  const exp = payload.exp as number;
  if (exp > nowS + MAX_ASSERTION_LIFETIME_S + CLOCK_SKEW_S) throw invalidClient('The assertion\u2019s exp must be at most 5 minutes ahead');
  const jti = payload.jti as string;
  if (!/^[\x20-\x7e\u00a0-\uffff]{1,255}$/.test(jti)) throw invalidClient("The assertion's jti must be 1 to 255 printable characters");

  const granted = grantScopes(scope);
  if (granted.length === 0)
    throw invalid(
      'invalid_scope',
      'None of the scopes asked is allowed: ask for system/Task.rs, system/Task.c or system/Subscription.crud',
    );

  const token = newSmartToken();
  await db.transaction(async (tx) => {
    // Forget what can no longer be replayed or used.
    await tx.delete(fhirAssertionJtis).where(lt(fhirAssertionJtis.expiresAt, new Date(now.getTime() - CLOCK_SKEW_S * 1000)));
    await tx.delete(fhirAccessTokens).where(lt(fhirAccessTokens.expiresAt, now));
    const used = await tx
      .insert(fhirAssertionJtis)
      .values({ clientId, jti, expiresAt: new Date(exp * 1000) })
      .onConflictDoNothing()
      .returning({ jti: fhirAssertionJtis.jti });
    if (used.length === 0) throw invalidClient("The assertion's jti has been used before: sign a new assertion for each request");
    // The client was read outside this transaction: it must still be there, with its registering owner still an owner of the account.
    const [live] = await tx
      .select({ id: fhirClients.id })
      .from(fhirClients)
      .innerJoin(users, eq(users.id, fhirClients.userId))
      .innerJoin(customerAccounts, eq(customerAccounts.id, fhirClients.accountId))
      .where(
        and(
          eq(fhirClients.id, clientId),
          isNull(fhirClients.deletedAt),
          eq(users.accountId, fhirClients.accountId),
          // The client acts as the account only while its registering user is still an owner of it.
          eq(users.accountRole, 'owner'),
          eq(users.isDeleted, false),
          eq(users.isDisabled, false),
        ),
      )
      .for('update', { of: fhirClients });
    if (!live)
      throw invalid('invalid_grant', 'The account user who registered this client no longer has access: an owner must register it again');
    await tx.insert(fhirAccessTokens).values({
      tokenHash: hashSmartToken(token),
      clientId,
      scopes: granted,
      expiresAt: new Date(now.getTime() + SMART_TOKEN_TTL_S * 1000),
      createdAt: now,
    });
    await tx.update(fhirClients).set({ lastUsedAt: now }).where(eq(fhirClients.id, clientId));
  });
  return { access_token: token, token_type: 'bearer', expires_in: SMART_TOKEN_TTL_S, scope: granted.join(' ') };
}
