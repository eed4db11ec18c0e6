import { SMART_TOKEN_PREFIX } from '@courier/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { fhirAccessTokens, fhirClients, users } from '../../db/schema/index.js';
import type { Services } from '../../services.js';
import { hashSmartToken } from './smart-token.js';

/** Who a SMART access token acts for: the account owner who registered the client, within the token's scopes. */
export interface SmartCaller {
  /** The account user who registered the client: the booker of what the token books. */
  userId: string;
  accountId: string;
  /** The FHIR client (its client_id) the token was issued to. */
  clientId: string;
  /** Granted SMART v2 scopes, e.g. ['system/Task.rs', 'system/Task.c']; check them with scopeAllows (smart-scopes.ts). */
  scopes: string[];
}

/**
 * The FHIR routes' one check of a SMART Backend Services bearer token (`Authorization: Bearer mcf_...`): null for
 * anything else (a session JWT, an API key, an unknown, expired or malformed token), for a deleted client's token,
 * and when the user who registered the client is deleted, disabled, no longer in the client's account or no longer
 * one of its owners.
 */
export async function verifyAccessToken(services: Pick<Services, 'db' | 'clock'>, token: string): Promise<SmartCaller | null> {
  if (typeof token !== 'string' || !token.startsWith(SMART_TOKEN_PREFIX) || token.length > 200) return null;
  const now = services.clock.now();
  const [row] = await services.db
    .select({ userId: fhirClients.userId, accountId: fhirClients.accountId, clientId: fhirClients.id, scopes: fhirAccessTokens.scopes })
    .from(fhirAccessTokens)
    .innerJoin(fhirClients, eq(fhirClients.id, fhirAccessTokens.clientId))
    .innerJoin(users, eq(users.id, fhirClients.userId))
    .where(
      and(
        eq(fhirAccessTokens.tokenHash, hashSmartToken(token)),
        gt(fhirAccessTokens.expiresAt, now),
        isNull(fhirClients.deletedAt),
        eq(users.accountId, fhirClients.accountId),
        // The client acts as the account only while its registering user is still an owner of it.
        eq(users.accountRole, 'owner'),
        eq(users.isDeleted, false),
        eq(users.isDisabled, false),
      ),
    )
    .limit(1);
  return row ? { userId: row.userId, accountId: row.accountId, clientId: row.clientId, scopes: row.scopes } : null;
}
