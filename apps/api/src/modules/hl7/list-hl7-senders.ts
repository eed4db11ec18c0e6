import type { THl7Sender } from '@courier/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { hl7Senders } from '../../db/schema/index.js';
import { forbidden } from '../../platform/app-error.js';
import { type Actor, assertAudience, mayManageHl7Senders } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { toHl7SenderJson } from './hl7-sender-json.js';

/** The account's senders, for its owners. */
export async function listHl7Senders(services: Services, actor: Actor): Promise<THl7Sender[]> {
  assertAudience(actor, 'customer');
  if (!mayManageHl7Senders(actor) || !actor.account) throw forbidden('Only an account owner can manage HL7 senders');
  const rows = await services.db
    .select()
    .from(hl7Senders)
    .where(and(eq(hl7Senders.accountId, actor.account.id), isNull(hl7Senders.deletedAt)))
    .orderBy(asc(hl7Senders.createdAt), asc(hl7Senders.sendingFacility));
  return rows.map(toHl7SenderJson);
}
