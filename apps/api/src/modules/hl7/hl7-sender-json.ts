import { HL7_OUTBOUND_EVENTS, type THl7OutboundEvent, type THl7Sender } from '@courier/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { hl7Senders } from '../../db/schema/index.js';
import { notFound } from '../../platform/app-error.js';
import type { Actor } from '../../platform/policy.js';

export type Hl7SenderRow = typeof hl7Senders.$inferSelect;
export const HL7_SENDER_NOT_FOUND = 'HL7 sender not found';

export const toHl7SenderJson = (row: Hl7SenderRow): THl7Sender => ({
  _id: row.id,
  sendingFacility: row.sendingFacility,
  allowedAddresses: row.allowedAddresses,
  pickupAddressId: row.pickupAddressId,
  recipientAddressId: row.recipientAddressId,
  outbound:
    row.outboundHost && row.outboundPort
      ? {
          host: row.outboundHost,
          port: row.outboundPort,
          events: row.outboundEvents.filter((e): e is THl7OutboundEvent => (HL7_OUTBOUND_EVENTS as readonly string[]).includes(e)),
        }
      : null,
  createdAt: row.createdAt.toISOString(),
});

/** The caller's account's sender: another account's, or an unknown id, is 404 alike. */
export async function findAccountSender(db: DbOrTx, actor: Actor, id: string): Promise<Hl7SenderRow> {
  const accountId = actor.account?.id;
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
  const [row] =
    accountId && uuid
      ? await db
          .select()
          .from(hl7Senders)
          .where(and(eq(hl7Senders.id, id), eq(hl7Senders.accountId, accountId), isNull(hl7Senders.deletedAt)))
      : [];
  if (!row) throw notFound(HL7_SENDER_NOT_FOUND);
  return row;
}
