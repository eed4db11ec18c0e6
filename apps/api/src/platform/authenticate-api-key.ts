import { missingScopeMessage, roleFromId, type TApiKeyScope } from '@courier/contract';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { apiKeys, auditEvents, users } from '../db/schema/index.js';
import { forbidden, unauthorized } from './app-error.js';
import { recordAudit } from './audit.js';
import { apiKeyScopeFor } from './policy.js';
import type { Services } from '../services.js';
import { hashApiKeySecret } from './api-key-secret.js';

/** Calls a key may make a minute, whatever the routes' own limits. */
export const API_KEY_RATE_LIMIT = 300;
export const API_KEY_INVALID = 'Invalid API key';
export const API_KEY_NOT_HERE = 'API keys cannot call this operation';
/** Last use is written at most once a minute per key, not on every call. */
const LAST_USE_GRAIN_MS = 60_000;

/**
 * A call with `Authorization: Bearer mck_...`: the key is read on every call (so a revocation, an expiry or
 * a closed account takes effect at once) and acts as its customer, for the scope the route needs only.
 */
export async function authenticateApiKey(
  services: Services,
  request: FastifyRequest,
  secret: string,
  /** Counts the call against the key's budget (throws 429 when spent): before the scope check, so refusals count too. */
  charge: (request: FastifyRequest) => Promise<void>,
): Promise<void> {
  const { db, clock } = services;
  const now = clock.now();
  const [row] = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      scopes: apiKeys.scopes,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      userId: users.id,
      roleId: users.roleId,
      email: users.email,
      isDeleted: users.isDeleted,
      isDisabled: users.isDisabled,
      accountId: users.accountId,
      accountRole: users.accountRole,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.secretHash, hashApiKeySecret(secret)))
    .limit(1);
  const role = roleFromId(row?.roleId);
  if (!row || row.revokedAt || (row.expiresAt && row.expiresAt.getTime() <= now.getTime())) throw unauthorized(API_KEY_INVALID);
  // Only customers make keys; a key whose account is gone, disabled or no longer a customer's is dead.
  if (row.isDeleted || row.isDisabled || role !== 'CUSTOMER') throw unauthorized(API_KEY_INVALID);
  request.apiKeyCall = { id: row.id, name: row.name, userId: row.userId };
  await charge(request);
  const needed: TApiKeyScope | null = apiKeyScopeFor(request.method, request.routeOptions.url ?? '');
  if (!needed) throw forbidden(API_KEY_NOT_HERE);
  if (!(row.scopes as string[]).includes(needed)) throw forbidden(missingScopeMessage(needed));
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USE_GRAIN_MS) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, now))));
  }
  request.sessionUser = { id: row.userId, role, roleId: row.roleId, email: row.email, apiKey: { id: row.id, name: row.name } };
  if (row.accountId && row.accountRole) request.sessionUser.account = { id: row.accountId, role: row.accountRole };
}

/** Answers that refuse a key's call: repeats of one within a minute share an audit row that counts them. */
const REFUSALS = new Set([403, 429]);
const MINUTE_MS = 60_000;

/**
 * One audit row per call made with a key: its name, the operation and the answer's status. A refused call (403,
 * 429) is counted instead in the row of its key, operation and answer for that minute, so a key hammering what it
 * may not do writes a row a minute, not one per call.
 */
export async function auditApiKeyCall(services: Services, request: FastifyRequest, status: number): Promise<void> {
  const key = request.apiKeyCall;
  if (!key) return;
  const now = services.clock.now();
  const route = request.routeOptions.url ?? request.url;
  const details = { apiKey: key.name, method: request.method, route, status };
  try {
    if (!REFUSALS.has(status)) {
      await recordAudit(
        services.db,
        { actorId: key.userId, action: 'api_key.call', targetType: 'api_key', targetId: key.id, ip: request.ip, details },
        now,
      );
      return;
    }
    const minute = new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS).toISOString();
    await services.db
      .insert(auditEvents)
      .values({
        actorId: key.userId,
        action: 'api_key.call',
        targetType: 'api_key',
        targetId: key.id,
        ip: request.ip,
        details: { ...details, minute, count: 1 },
        dedupeKey: `api_key.refused ${key.id} ${request.method} ${route} ${status} ${minute}`,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: auditEvents.dedupeKey,
        targetWhere: sql`${auditEvents.dedupeKey} IS NOT NULL`,
        set: { details: sql`jsonb_set(${auditEvents.details}, '{count}', to_jsonb((${auditEvents.details}->>'count')::int + 1))` },
      });
  } catch (err) {
    request.log.warn({ err: (err as Error).message }, 'API key call not audited');
  }
}
