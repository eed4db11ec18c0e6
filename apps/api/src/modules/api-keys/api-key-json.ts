import type { TApiKey, TApiKeyScope } from '@courier/contract';
import type { apiKeys } from '../../db/schema/index.js';

export function toApiKeyJson(row: typeof apiKeys.$inferSelect): TApiKey {
  return {
    _id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as TApiKeyScope[],
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
