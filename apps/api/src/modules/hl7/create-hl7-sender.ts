import {
  HL7_MESSAGES,
  HL7_OUTBOUND_EVENTS,
  HL7_SENDER_CAP,
  type TCreateHl7SenderRequest,
  ZCreateHl7SenderRequest,
} from '@courier/contract';
import { and, count, eq, isNull } from 'drizzle-orm';
import { hl7Senders, savedAddresses } from '../../db/schema/index.js';
import { parseNetwork } from '../../platform/allowed-networks.js';
import { badRequest, conflict, forbidden } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { lockOwner } from '../../platform/owner-lock.js';
import { type Actor, assertAudience, mayManageHl7Senders } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { refuseOutboundHost } from '../hl7-outbound/outbound-host.js';
import { toHl7SenderJson } from './hl7-sender-json.js';

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** An IP or CIDR as kept: the network's address and its prefix length (a single address as /32 or /128). */
export function normaliseAllowedAddress(text: string): string | null {
  const network = parseNetwork(text.trim());
  return network ? `${network[0].toString()}/${network[1]}` : null;
}

/** The owner's saved address of the kind, with what a booking needs of it (a phone; a recipient's name and e-mail). */
async function savedAddressFor(services: Services, actor: Actor, id: string, kind: 'pickup' | 'recipient', field: string) {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
  const [row] = uuid
    ? await services.db
        .select()
        .from(savedAddresses)
        .where(and(eq(savedAddresses.id, id), eq(savedAddresses.ownerId, actor.id), eq(savedAddresses.kind, kind)))
    : [];
  if (!row) throw badRequest(`${field}: ${HL7_MESSAGES.savedAddressUnknown}`, field);
  if (!row.phone) throw badRequest(`${field}: The saved address needs a phone number`, field);
  if (kind === 'recipient' && (!row.contactName || !row.email))
    throw badRequest(`${field}: The saved recipient needs a contact name and an e-mail address`, field);
  return row;
}

/** The narrowest prefixes an allowed network may have: 0.0.0.0/0 or ::/0 would let anyone in. */
export const HL7_MIN_PREFIX = { ipv4: 16, ipv6: 48 } as const;

/** A normalised CIDR wider than HL7_MIN_PREFIX allows. */
function isTooBroad(cidr: string): boolean {
  const bits = Number(cidr.slice(cidr.lastIndexOf('/') + 1));
  return bits < (cidr.includes(':') ? HL7_MIN_PREFIX.ipv6 : HL7_MIN_PREFIX.ipv4);
}

/** An account owner registers an interface engine; its sending facility is unique across accounts (409). */
export async function createHl7Sender(services: Services, actor: Actor, input: TCreateHl7SenderRequest) {
  assertAudience(actor, 'customer');
  if (!mayManageHl7Senders(actor) || !actor.account) throw forbidden('Only an account owner can manage HL7 senders');
  const accountId = actor.account.id;
  const form = ZCreateHl7SenderRequest.parse(input);
  const allowed = form.allowedAddresses.map((a, i) => {
    const normal = normaliseAllowedAddress(a);
    if (!normal) throw badRequest(`allowedAddresses: ${HL7_MESSAGES.addressInvalid} ("${a}")`, 'allowedAddresses');
    if (isTooBroad(normal)) throw badRequest(`allowedAddresses.${i}: ${HL7_MESSAGES.addressTooBroad} ("${a}")`, `allowedAddresses.${i}`);
    return normal;
  });
  await savedAddressFor(services, actor, form.pickupAddressId, 'pickup', 'pickupAddressId');
  await savedAddressFor(services, actor, form.recipientAddressId, 'recipient', 'recipientAddressId');
  if (form.outbound) {
    const refusal = await refuseOutboundHost(
      form.outbound.host,
      services.env.NODE_ENV === 'production',
      services.env.OUTBOUND_ALLOWED_NETWORKS,
    );
    if (refusal) throw badRequest(`outbound.host: ${refusal}`, 'outbound.host');
  }
  const now = services.clock.now();
  try {
    const row = await services.db.transaction(async (tx) => {
      await lockOwner(tx, actor.id);
      const [{ n }] = await tx
        .select({ n: count() })
        .from(hl7Senders)
        .where(and(eq(hl7Senders.accountId, accountId), isNull(hl7Senders.deletedAt)));
      if (n >= HL7_SENDER_CAP) throw conflict(`An account can have at most ${HL7_SENDER_CAP} HL7 senders; remove one first`);
      const [taken] = await tx
        .select({ id: hl7Senders.id })
        .from(hl7Senders)
        .where(and(eq(hl7Senders.sendingFacility, form.sendingFacility), isNull(hl7Senders.deletedAt)));
      if (taken) throw conflict(HL7_MESSAGES.facilityTaken);
      const [created] = await tx
        .insert(hl7Senders)
        .values({
          accountId,
          ownerId: actor.id,
          sendingFacility: form.sendingFacility,
          allowedAddresses: [...new Set(allowed)],
          pickupAddressId: form.pickupAddressId,
          recipientAddressId: form.recipientAddressId,
          outboundHost: form.outbound?.host ?? null,
          outboundPort: form.outbound?.port ?? null,
          outboundEvents: form.outbound ? (form.outbound.events ?? [...HL7_OUTBOUND_EVENTS]) : [],
          createdAt: now,
        })
        .returning();
      await recordAudit(
        tx,
        {
          actorId: actor.id,
          action: 'hl7_sender.create',
          targetType: 'hl7_sender',
          targetId: created.id,
          ip: actor.ip,
          details: {
            sendingFacility: created.sendingFacility,
            allowedAddresses: created.allowedAddresses,
            outbound: form.outbound ? `${form.outbound.host}:${form.outbound.port}` : null,
          },
        },
        now,
      );
      return created;
    });
    return toHl7SenderJson(row);
  } catch (err) {
    // Two accounts registering one facility at once: the unique index answers for the second.
    if (isUniqueViolation(err)) throw conflict(HL7_MESSAGES.facilityTaken);
    throw err;
  }
}
