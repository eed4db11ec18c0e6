import type { TFhirClient } from '@courier/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { fhirClients } from '../../db/schema/index.js';
import { forbidden } from '../../platform/app-error.js';
import { type Actor, mayManageFhirClients } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { FHIR_CLIENTS_FORBIDDEN } from './create-fhir-client.js';
import { toFhirClientJson } from './fhir-client-json.js';

/** The account's FHIR clients that are not deleted, newest first (whichever owner registered them). */
export async function listFhirClients(services: Services, actor: Actor): Promise<TFhirClient[]> {
  if (!mayManageFhirClients(actor) || !actor.account) throw forbidden(FHIR_CLIENTS_FORBIDDEN);
  const rows = await services.db
    .select()
    .from(fhirClients)
    .where(and(eq(fhirClients.accountId, actor.account.id), isNull(fhirClients.deletedAt)))
    .orderBy(desc(fhirClients.createdAt), desc(fhirClients.id));
  return rows.map((row) => toFhirClientJson(row, services.publicUrl));
}
