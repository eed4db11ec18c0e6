import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { ROLE_IDS, STAFF_ROLES } from '@courier/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { emailUnsubscribes, users } from '../../db/schema/index.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';
import { trackingUrlOf } from '../../shared/delivery-json.js';
import type { DeliveryEvent, EventFacts } from './delivery-messages.js';
import { type OutgoingMessage, writeMessageLists } from './outgoing-message.js';
import { type DeliveryAudienceFacts, listenersOf, type MessageServices, planDeliveryMessages } from './plan-delivery-messages.js';
import { phonesWithSmsConsent } from './sms-consent.js';
import { normalizeEmail } from './unsubscribe-token.js';

export type { MessageServices } from './plan-delivery-messages.js';
/** Facts of the event beyond the delivery row. */
export type MessageExtra = Pick<EventFacts, 'signedBy' | 'reason' | 'window'>;

const STAFF_ROLE_IDS = STAFF_ROLES.map((role) => ROLE_IDS[role]);

/**
 * Reads what the rules need to know of the people the event may reach (and nothing for those it cannot), for
 * every delivery at once: one query per kind of fact whatever the number of deliveries.
 */
async function readAudienceFacts(tx: DbOrTx, ds: readonly DeliveryRow[], event: DeliveryEvent): Promise<DeliveryAudienceFacts[]> {
  const listeners = listenersOf(event);
  const owners = new Map<string, DeliveryAudienceFacts['owner']>();
  if (listeners.ownerOutside) {
    const rows = await tx
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        phone: users.phone,
        preferences: users.notificationPreferences,
        isDeleted: users.isDeleted,
      })
      .from(users)
      .where(inArray(users.id, [...new Set(ds.map((d) => d.customerId))]));
    // The consent is read only when the owner asked for texts: without that it cannot matter.
    const asking = rows.filter((o) => !o.isDeleted && o.preferences.smsUpdates);
    const consented = await phonesWithSmsConsent(
      tx,
      asking.map((o) => o.phone),
    );
    for (const { id, ...owner } of rows)
      owners.set(id, { ...owner, smsConsent: asking.some((o) => o.id === id) && consented.has(owner.phone) });
  }
  let unsubscribed = new Set<string>();
  let recipientConsent = new Set<string>();
  if (listeners.recipient) {
    const emails = [...new Set(ds.map((d) => normalizeEmail(d.recipientEmail)).filter((e): e is string => !!e))];
    if (emails.length > 0)
      unsubscribed = new Set(
        (await tx.select({ email: emailUnsubscribes.email }).from(emailUnsubscribes).where(inArray(emailUnsubscribes.email, emails))).map(
          (r) => r.email,
        ),
      );
    recipientConsent = await phonesWithSmsConsent(
      tx,
      ds.flatMap((d) => (d.recipientPhone ? [d.recipientPhone] : [])),
    );
  }
  let staffIds: string[] = [];
  if (listeners.staff) {
    const staff = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.roleId, STAFF_ROLE_IDS), eq(users.isDeleted, false), eq(users.isDisabled, false)));
    staffIds = staff.map((s) => s.id);
  }
  return ds.map((d) => {
    const email = normalizeEmail(d.recipientEmail);
    return {
      owner: owners.get(d.customerId) ?? null,
      recipient: {
        emailUnsubscribed: !!email && unsubscribed.has(email),
        smsConsent: !!d.recipientPhone && recipientConsent.has(d.recipientPhone),
      },
      staffIds,
    };
  });
}

/**
 * A delivery event's messages, inside the transaction of the change: reads who may hear of it, lets
 * `planDeliveryMessages` decide and compose every message, and writes the list.
 */
export async function sendDeliveryMessages(
  tx: DbOrTx,
  services: MessageServices,
  d: DeliveryRow,
  event: DeliveryEvent,
  at: Date,
  extra: MessageExtra = {},
): Promise<void> {
  await sendDeliveriesMessages(tx, services, event, [{ delivery: d, at, extra }]);
}

/** One event of many deliveries (a bulk booking), each at its own time: the same messages, in a handful of queries. */
export async function sendDeliveriesMessages(
  tx: DbOrTx,
  services: MessageServices,
  event: DeliveryEvent,
  items: readonly { delivery: DeliveryRow; at: Date; extra?: MessageExtra }[],
): Promise<void> {
  if (items.length === 0) return;
  const facts = await readAudienceFacts(
    tx,
    items.map((i) => i.delivery),
    event,
  );
  const lists: { messages: OutgoingMessage[]; at: Date }[] = [];
  for (const [i, { delivery: d, at, extra = {} }] of items.entries()) {
    // Composing is the costly part of a bulk event: other requests get a turn every few deliveries.
    if (i % 10 === 0 && items.length > 1) await yieldToEventLoop();
    const f: EventFacts = {
      orderId: d.orderId,
      recipientName: d.recipientName,
      at,
      requiredBy: d.requiredBy,
      estimatedDelivery: d.estimatedDelivery,
      trackingUrl: trackingUrlOf(services.publicUrl, d.orderId),
      timeZone: services.env.BUSINESS_TZ,
      cancelReason: d.cancelReason,
      signedBy: extra.signedBy,
      reason: extra.reason,
      window: extra.window,
    };
    lists.push({ messages: planDeliveryMessages(services, d, event, f, facts[i]), at });
  }
  await writeMessageLists(tx, lists);
}
