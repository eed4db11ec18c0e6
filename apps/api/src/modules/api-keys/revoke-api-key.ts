import { and, eq, isNull } from 'drizzle-orm';
import { apiKeys } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, mayManageApiKeys, mayRevokeApiKey } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { API_KEYS_FORBIDDEN } from './create-api-key.js';
import { isUuid } from '../../shared/ids.js';

/** Revoked at once: the next call with the key answers 401 (every call reads the key). */
export async function revokeApiKey(services: Services, actor: Actor, input: { id: string }): Promise<void> {
  if (!mayManageApiKeys(actor)) throw forbidden(API_KEYS_FORBIDDEN);
  if (!isUuid(input.id)) throw notFound('API key not found');
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: apiKeys.id, name: apiKeys.name, userId: apiKeys.userId })
      .from(apiKeys)
      .where(and(eq(apiKeys.id, input.id), isNull(apiKeys.revokedAt)))
      .for('update');
    // Another customer's key answers as an unknown one.
    if (!row || !mayRevokeApiKey(actor, row)) throw notFound('API key not found');
    await tx.update(apiKeys).set({ revokedAt: now }).where(eq(apiKeys.id, row.id));
    await recordAudit(
      tx,
      { actorId: actor.id, action: 'api_key.revoke', targetType: 'api_key', targetId: row.id, ip: actor.ip, details: { name: row.name } },
      now,
    );
  });
}
