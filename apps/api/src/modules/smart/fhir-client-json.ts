import { jwkSignsWith, type TFhirClient } from '@courier/contract';
import type { fhirClients } from '../../db/schema/index.js';
import { smartTokenUrl } from './smart-urls.js';

export function toFhirClientJson(row: typeof fhirClients.$inferSelect, publicUrl: string): TFhirClient {
  return {
    _id: row.id,
    clientId: row.id,
    name: row.name,
    keys: row.jwks.keys.map((key) => ({ kid: String(key.kid), alg: jwkSignsWith(key) })),
    tokenUrl: smartTokenUrl(publicUrl),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
