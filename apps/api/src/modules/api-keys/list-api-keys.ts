import type { TApiKey } from '@courier/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { apiKeys } from '../../db/schema/index.js';
import { forbidden } from '../../platform/app-error.js';
import { type Actor, mayManageApiKeys } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { toApiKeyJson } from './api-key-json.js';
import { API_KEYS_FORBIDDEN } from './create-api-key.js';

/** The caller's keys that are not revoked, newest first, with their last use. */
export async function listApiKeys(services: Services, actor: Actor): Promise<TApiKey[]> {
  if (!mayManageApiKeys(actor)) throw forbidden(API_KEYS_FORBIDDEN);
  const rows = await services.db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, actor.id), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toApiKeyJson);
}
