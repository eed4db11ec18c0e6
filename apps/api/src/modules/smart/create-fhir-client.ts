import {
  FHIR_CLIENT_CAP,
  jwkSignsWith,
  STORED_JWK_MEMBERS,
  type TCreateFhirClientRequest,
  type TFhirClient,
  ZCreateFhirClientRequest,
} from '@courier/contract';
import { and, count, eq, isNull } from 'drizzle-orm';
import { importJWK } from 'jose';
import { customerAccounts, fhirClients } from '../../db/schema/index.js';
import { badRequest, conflict, forbidden } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, mayManageFhirClients } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { toFhirClientJson } from './fhir-client-json.js';

export const FHIR_CLIENTS_FORBIDDEN = 'Only an owner of the account, signed in, can manage its FHIR clients';
const MIN_RSA_BITS = 2048;

/** Each signing key must be one jose can use: a readable key, and an RSA modulus of at least 2048 bits. */
async function checkSigningKeys(keys: Record<string, unknown>[]): Promise<void> {
  for (const [i, key] of keys.entries()) {
    const alg = jwkSignsWith(key);
    if (!alg) continue;
    const field = `jwks.keys.${i}`;
    if (alg === 'RS384' && Buffer.from(String(key.n), 'base64url').length * 8 < MIN_RSA_BITS)
      throw badRequest(`${field}: An RSA key must be at least ${MIN_RSA_BITS} bits`, field);
    try {
      await importJWK(key, alg);
    } catch {
      throw badRequest(`${field}: The key could not be read as an ${alg} public key`, field);
    }
  }
}

/** An account owner registers a lab system's public keys; its client_id is in the answer (nothing secret is). */
export async function createFhirClient(services: Services, actor: Actor, input: TCreateFhirClientRequest): Promise<TFhirClient> {
  if (!mayManageFhirClients(actor) || !actor.account) throw forbidden(FHIR_CLIENTS_FORBIDDEN);
  const accountId = actor.account.id;
  const form = ZCreateFhirClientRequest.parse(input);
  await checkSigningKeys(form.jwks.keys);
  // Only the keys that sign as we verify, with only what verifying needs.
  const keys = form.jwks.keys
    .filter((key) => jwkSignsWith(key) !== null)
    .map((key) => Object.fromEntries(STORED_JWK_MEMBERS.filter((m) => key[m] !== undefined).map((m) => [m, key[m]])));
  const now = services.clock.now();
  const row = await services.db.transaction(async (tx) => {
    // Count, then add: parallel registrations wait on the account's row.
    await tx.select({ id: customerAccounts.id }).from(customerAccounts).where(eq(customerAccounts.id, accountId)).for('no key update');
    const [{ live }] = await tx
      .select({ live: count() })
      .from(fhirClients)
      .where(and(eq(fhirClients.accountId, accountId), isNull(fhirClients.deletedAt)));
    if (live >= FHIR_CLIENT_CAP) throw conflict(`An account can have at most ${FHIR_CLIENT_CAP} FHIR clients; remove one first`);
    const [created] = await tx
      .insert(fhirClients)
      .values({ accountId, userId: actor.id, name: form.name, jwks: { keys }, createdAt: now })
      .returning();
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'fhir_client.create',
        targetType: 'fhir_client',
        targetId: created.id,
        ip: actor.ip,
        details: { name: form.name, kids: keys.map((k) => k.kid) },
      },
      now,
    );
    return created;
  });
  return toFhirClientJson(row, services.publicUrl);
}
