import { ROLE_IDS, STAFF_ROLES } from '@courier/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { emailUnsubscribes, users } from '../../db/schema/index.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';
import { trackingUrlOf } from '../../shared/delivery-json.js';
import type { DeliveryEvent, EventFacts } from './delivery-messages.js';
import { writeMessages } from './outgoing-message.js';
import { type DeliveryAudienceFacts, listenersOf, type MessageServices, planDeliveryMessages } from './plan-delivery-messages.js';
import { hasSmsConsent } from './sms-consent.js';
import { normalizeEmail } from './unsubscribe-token.js';

export type { MessageServices } from './plan-delivery-messages.js';
/** Facts of the event beyond the delivery row. */
export type MessageExtra = Pick<EventFacts, 'signedBy' | 'reason' | 'window'>;

const STAFF_ROLE_IDS = STAFF_ROLES.map((role) => ROLE_IDS[role]);

/** Reads what the rules need to know of the people the event may reach (and nothing for those it cannot). */
async function readAudienceFacts(tx: DbOrTx, d: DeliveryRow, event: DeliveryEvent): Promise<DeliveryAudienceFacts> {
  const listeners = listenersOf(event);
  const facts: DeliveryAudienceFacts = { owner: null, recipient: { emailUnsubscribed: false, smsConsent: false }, staffIds: [] };
  if (listeners.ownerOutside) {
    const [owner] = await tx
      .select({
        email: users.email,
        firstName: users.firstName,
        phone: users.phone,
        preferences: users.notificationPreferences,
        isDeleted: users.isDeleted,
      })
      .from(users)
      .where(eq(users.id, d.customerId));
    // The consent is read only when the owner asked for texts: without that it cannot matter.
    if (owner)
      facts.owner = { ...owner, smsConsent: !owner.isDeleted && owner.preferences.smsUpdates && (await hasSmsConsent(tx, owner.phone)) };
  }
  if (listeners.recipient) {
    const email = normalizeEmail(d.recipientEmail);
    const [unsubscribed] = email ? await tx.select().from(emailUnsubscribes).where(eq(emailUnsubscribes.email, email)) : [];
    facts.recipient = { emailUnsubscribed: !!unsubscribed, smsConsent: await hasSmsConsent(tx, d.recipientPhone) };
  }
  if (listeners.staff) {
    const staff = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.roleId, STAFF_ROLE_IDS), eq(users.isDeleted, false), eq(users.isDisabled, false)));
    facts.staffIds = staff.map((s) => s.id);
  }
  return facts;
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
  await writeMessages(tx, planDeliveryMessages(services, d, event, f, await readAudienceFacts(tx, d, event)), at);
}
