import { API_KEY_CAP, type TCreateApiKeyRequest, ZCreateApiKeyRequest } from '@courier/contract';
import { and, count, eq, isNull } from 'drizzle-orm';
import { apiKeys } from '../../db/schema/index.js';
import { badRequest, conflict, forbidden } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { lockOwner } from '../../platform/owner-lock.js';
import { type Actor, mayManageApiKeys } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { toApiKeyJson } from './api-key-json.js';
import { apiKeyDisplayPrefix, hashApiKeySecret, newApiKeySecret } from '../../platform/api-key-secret.js';

export const API_KEYS_FORBIDDEN = 'Only a customer, signed in, can manage API keys for their own account';

/** A customer makes a key for their own systems; the secret is in this answer only (stored as a hash). */
export async function createApiKey(services: Services, actor: Actor, input: TCreateApiKeyRequest) {
  if (!mayManageApiKeys(actor)) throw forbidden(API_KEYS_FORBIDDEN);
  const form = ZCreateApiKeyRequest.parse(input);
  const now = services.clock.now();
  const expiresAt = form.expiresAt ? new Date(form.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) throw badRequest('expiresAt: Expiry must be in the future', 'expiresAt');
  const secret = newApiKeySecret();
  const row = await services.db.transaction(async (tx) => {
    await lockOwner(tx, actor.id);
    const [{ live }] = await tx
      .select({ live: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, actor.id), isNull(apiKeys.revokedAt)));
    if (live >= API_KEY_CAP) throw conflict(`You can have at most ${API_KEY_CAP} API keys; revoke one first`);
    const [created] = await tx
      .insert(apiKeys)
      .values({
        userId: actor.id,
        name: form.name,
        prefix: apiKeyDisplayPrefix(secret),
        secretHash: hashApiKeySecret(secret),
        scopes: form.scopes,
        expiresAt,
        createdAt: now,
      })
      .returning();
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'api_key.create',
        targetType: 'api_key',
        targetId: created.id,
        ip: actor.ip,
        details: { name: form.name, scopes: form.scopes },
      },
      now,
    );
    return created;
  });
  return { ...toApiKeyJson(row), secret };
}
