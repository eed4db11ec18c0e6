import { and, eq, isNull } from 'drizzle-orm';
import { fhirAccessTokens, fhirClients } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, mayManageFhirClient, mayManageFhirClients } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { isUuid } from '../../shared/ids.js';
import { FHIR_CLIENTS_FORBIDDEN } from './create-fhir-client.js';

const NOT_FOUND = 'FHIR client not found';

/** Deleted at once: it gets no more tokens, and the ones it holds stop working (they are removed with it). */
export async function deleteFhirClient(services: Services, actor: Actor, input: { id: string }): Promise<void> {
  if (!mayManageFhirClients(actor)) throw forbidden(FHIR_CLIENTS_FORBIDDEN);
  if (!isUuid(input.id)) throw notFound(NOT_FOUND);
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: fhirClients.id, name: fhirClients.name, accountId: fhirClients.accountId })
      .from(fhirClients)
      .where(and(eq(fhirClients.id, input.id), isNull(fhirClients.deletedAt)))
      .for('update');
    // Another account's client answers as an unknown one.
    if (!row || !mayManageFhirClient(actor, row)) throw notFound(NOT_FOUND);
    await tx.update(fhirClients).set({ deletedAt: now }).where(eq(fhirClients.id, row.id));
    await tx.delete(fhirAccessTokens).where(eq(fhirAccessTokens.clientId, row.id));
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'fhir_client.delete',
        targetType: 'fhir_client',
        targetId: row.id,
        ip: actor.ip,
        details: { name: row.name },
      },
      now,
    );
  });
}
