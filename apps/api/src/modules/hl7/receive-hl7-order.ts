import { Hl7Message } from '@medplum/core';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { ZodError } from 'zod';
import { hl7Orders, hl7Senders, savedAddresses, users } from '../../db/schema/index.js';
import { isInNetworks } from '../../platform/allowed-networks.js';
import { AppError } from '../../platform/app-error.js';
import type { Actor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { createDelivery } from '../deliveries/create-delivery.js';
import { buildAck, HL7_ERROR, type Hl7Refusal, Hl7RefusalError, placeOf, refuse } from './hl7-ack.js';
import { type Hl7Order, readHeader, readOrder } from './read-order.js';

/** How long a specimen keeps when the message does not say (nothing in ORM/OML carries it). */
export const HL7_STABLE_FOR_HOURS = 24;
/** The required-by of a booked order: routine within a working day's hours, stat within two. */
export const HL7_REQUIRED_WITHIN_HOURS = { routine: 8, stat: 2 } as const;

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** A booking field refused by the JSON API's checks, named as the HL7 field it came from. */
const FIELD_OF_BOOKING: Record<string, Pick<Hl7Refusal, 'segment' | 'field'>> = {
  'specimen.collectedAt': { segment: 'SPM', field: 17 },
  reference: { segment: 'ORC', field: 2 },
  pieces: { segment: 'SPM', field: 2 },
};

export interface ReceivedOrder {
  ack: Hl7Message;
  /** What happened, for the log: booked, a duplicate answered again, or refused at a place. */
  outcome: { kind: 'booked'; deliveryId: string } | { kind: 'duplicate' } | { kind: 'refused'; ackCode: 'AE' | 'AR'; place: string };
}

/**
 * One message from the MLLP listener, from `remoteAddress`: the sender is its sending facility (MSH-4) connecting
 * from an allowed address (else AR); a control id (MSH-10) the sender already booked answers that booking's ACK
 * again; otherwise the order is read (ORM^O01, OML^O21, v2.3 to v2.5.1) and booked exactly as the JSON API books,
 * as the account owner who registered the sender, between the sender's saved pickup and recipient addresses.
 */
export async function receiveHl7Order(services: Services, message: Hl7Message, remoteAddress: string): Promise<ReceivedOrder> {
  try {
    const header = readHeader(message);
    const [sender] = await services.db
      .select()
      .from(hl7Senders)
      .where(and(eq(hl7Senders.sendingFacility, header.sendingFacility), isNull(hl7Senders.deletedAt)));
    if (!sender || !isInNetworks(remoteAddress, sender.allowedAddresses))
      refuse({
        ackCode: 'AR',
        error: HL7_ERROR.unknownKey,
        segment: 'MSH',
        field: 4,
        text: 'This sending facility is not registered for the address it connects from',
      });
    const earlier = await originalAck(services, sender.sendingFacility, header.controlId);
    if (earlier) return { ack: earlier, outcome: { kind: 'duplicate' } };
    const order = readOrder(message, services.env.BUSINESS_TZ);
    const [owner] = await services.db
      .select({ id: users.id, accountId: users.accountId, accountRole: users.accountRole })
      .from(users)
      .where(
        and(
          eq(users.id, sender.ownerId),
          eq(users.accountId, sender.accountId),
          eq(users.accountRole, 'owner'),
          eq(users.isDeleted, false),
          eq(users.isDisabled, false),
        ),
      );
    const addresses = await services.db
      .select()
      .from(savedAddresses)
      .where(inArray(savedAddresses.id, [sender.pickupAddressId, sender.recipientAddressId]));
    const pickup = addresses.find((a) => a.id === sender.pickupAddressId);
    const recipient = addresses.find((a) => a.id === sender.recipientAddressId);
    if (!owner)
      refuse({
        ackCode: 'AR',
        error: HL7_ERROR.unknownKey,
        segment: 'MSH',
        field: 4,
        text: 'The account owner who registered this sending facility is no longer an active owner: an owner must register it again',
      });
    if (!pickup || !recipient)
      refuse({
        ackCode: 'AE',
        error: HL7_ERROR.internal,
        segment: 'MSH',
        field: 4,
        text: "The sender's registration is incomplete (its saved addresses are gone): register it again",
      });
    const actor: Actor = { id: owner.id, role: 'CUSTOMER', account: { id: sender.accountId, role: 'owner' } };
    const now = services.clock.now();
    const requiredBy = new Date(now.getTime() + HL7_REQUIRED_WITHIN_HOURS[order.priority] * 3_600_000);
    const numbers = [order.placerNumber && `placer ${order.placerNumber}`, order.fillerNumber && `filler ${order.fillerNumber}`]
      .filter(Boolean)
      .join(', ');
    const fields = {
      senderPhone: pickup.phone,
      pickupAddress: pickup.address,
      recipientName: recipient.contactName,
      recipientPhone: recipient.phone,
      recipientEmail: recipient.email,
      deliveryAddress: recipient.address,
      requiredBy: requiredBy.toISOString(),
      packageType: 'SPECIMEN',
      packageSize: 'small',
      deliveryType: order.priority === 'stat' ? 'EXPRESS' : 'SAME_DAY',
      priority: order.priority,
      temperature: 'ambient',
      specialInstructions: `HL7 ${order.type} order (${numbers}) from ${sender.sendingFacility}`,
      reference: (order.placerNumber ?? order.fillerNumber ?? '').slice(0, 60),
      specimen: {
        category: 'UN3373',
        collectedAt: (order.collectedAt ?? now).toISOString(),
        stableForHours: HL7_STABLE_FOR_HOURS,
      },
      pieces: order.specimens.map((s) => ({
        kind: 'tube',
        accession: s.accession.slice(0, 64),
        description: s.description.slice(0, 200) || undefined,
      })),
    };
    try {
      const booked = await createDelivery(
        services,
        actor,
        { fields, image: null },
        {
          within: async (tx, row) => {
            const ack = buildAck(message, undefined, `Booked as ${row.orderId}`);
            await tx.insert(hl7Orders).values(orderRow(sender.id, header, order, row.id, ack, now));
          },
        },
      );
      const ack = (await originalAck(services, sender.sendingFacility, header.controlId)) ?? buildAck(message);
      return { ack, outcome: { kind: 'booked', deliveryId: booked.delivery.id } };
    } catch (err) {
      // The same message on two connections at once: the first booked it, the second answers its ACK.
      if (isUniqueViolation(err)) {
        const first = await originalAck(services, sender.sendingFacility, header.controlId);
        if (first) return { ack: first, outcome: { kind: 'duplicate' } };
      }
      throw bookingRefusal(err, order) ?? err;
    }
  } catch (err) {
    if (!(err instanceof Hl7RefusalError)) throw err;
    return { ack: buildAck(message, err.refusal), outcome: { kind: 'refused', ackCode: err.refusal.ackCode, place: placeOf(err.refusal) } };
  }
}

function orderRow(senderId: string, header: ReturnType<typeof readHeader>, order: Hl7Order, deliveryId: string, ack: Hl7Message, at: Date) {
  return {
    senderId,
    controlId: header.controlId,
    messageType: order.type,
    version: order.version,
    sendingApplication: header.sendingApplication,
    placerNumber: order.placerNumber,
    fillerNumber: order.fillerNumber,
    deliveryId,
    ack: ack.toString(),
    createdAt: at,
  };
}

/** The ACK of the facility's order with this control id, under any of its senders (a removed one too). */
async function originalAck(services: Services, sendingFacility: string, controlId: string): Promise<Hl7Message | null> {
  const [row] = await services.db
    .select({ ack: hl7Orders.ack })
    .from(hl7Orders)
    .innerJoin(hl7Senders, eq(hl7Senders.id, hl7Orders.senderId))
    .where(and(eq(hl7Senders.sendingFacility, sendingFacility), eq(hl7Orders.controlId, controlId)))
    .orderBy(hl7Orders.createdAt)
    .limit(1);
  return row ? Hl7Message.parse(row.ack) : null;
}

/** The JSON API's refusal of the booking (a field, the service area, the credit limit) as an AE naming the HL7 field. */
function bookingRefusal(err: unknown, order: Hl7Order): Hl7RefusalError | null {
  const specimenSegment = order.type === 'OML^O21' ? 'SPM' : 'OBR';
  const placeFor = (field: string | undefined): Pick<Hl7Refusal, 'segment' | 'field'> => {
    const place = field ? FIELD_OF_BOOKING[field] : undefined;
    if (!place) return { segment: 'MSH', field: 4 };
    if (place.segment === 'SPM') return { segment: specimenSegment, field: specimenSegment === 'SPM' ? place.field : 7 };
    return place;
  };
  if (err instanceof AppError) {
    return new Hl7RefusalError({
      ackCode: 'AE',
      error: err.details?.field ? HL7_ERROR.dataTypeError : HL7_ERROR.internal,
      ...placeFor(err.details?.field),
      text: err.message,
    });
  }
  if (err instanceof ZodError) {
    const issue = err.issues[0];
    const path = issue?.path.map(String) ?? [];
    const field = path[0] === 'specimen' ? `specimen.${path[1]}` : path[0];
    return new Hl7RefusalError({
      ackCode: 'AE',
      error: HL7_ERROR.dataTypeError,
      ...placeFor(field),
      text: issue?.message ?? 'Invalid order',
    });
  }
  return null;
}
