import { ROLE_IDS } from '@courier/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { emailUnsubscribes, users } from '../../db/schema/index.js';
import { enqueueEmail, enqueueSms } from '../../platform/outbox.js';
import type { Services } from '../../services.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';
import { trackingUrlOf } from '../../shared/delivery-json.js';
import { emailEventsOf } from '../auth/user-response.js';
import { receiptUrlOf } from '../../shared/receipt-token.js';
import { notifyCustomer } from '../notifications/notify-customer.js';
import {
  customerEmail,
  customerNotice,
  customerSms,
  type DeliveryEvent,
  type EventFacts,
  OUTSIDE_EVENTS,
  RECIPIENT_EVENTS,
  type RecipientEvent,
  recipientEmail,
  recipientSms,
  staffNotice,
} from './delivery-messages.js';
import { hasSmsConsent, toE164 } from './sms-consent.js';
import { normalizeEmail, unsubscribeUrlOf } from './unsubscribe-token.js';

export type MessageServices = Pick<Services, 'publicUrl' | 'env' | 'jwtKey'>;
/** Facts of the event beyond the delivery row. */
export type MessageExtra = Pick<EventFacts, 'signedBy' | 'reason' | 'window'>;

const STAFF_ROLE_IDS = [ROLE_IDS.SUPER_ADMIN, ROLE_IDS.ADMIN, ROLE_IDS.MANAGER, ROLE_IDS.STAFF];

async function tellCustomer(tx: DbOrTx, d: DeliveryRow, event: DeliveryEvent, f: EventFacts) {
  await notifyCustomer(tx, { userId: d.customerId, deliveryId: d.id, ...customerNotice(event, f) }, f.at);
  if (!OUTSIDE_EVENTS.has(event)) return;
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
  if (!owner || owner.isDeleted) return;
  // The booking's confirmation always goes; each later move only when the customer chose it.
  const chosen = event === 'requested' || (emailEventsOf(owner.preferences) as string[]).includes(event);
  if (owner.preferences.emailUpdates && chosen) await enqueueEmail(tx, customerEmail(owner.email, owner.firstName, event, f), f.at);
  if (owner.preferences.smsUpdates && (await hasSmsConsent(tx, owner.phone))) {
    await enqueueSms(tx, toE164(owner.phone), customerSms(event, f), f.at);
  }
}

/** The recipient never signed up: e-mail unless they unsubscribed, SMS only with their consent. */
async function tellRecipient(tx: DbOrTx, services: MessageServices, d: DeliveryRow, event: RecipientEvent, f: EventFacts) {
  const receiptUrl = event === 'delivered' ? receiptUrlOf(services.publicUrl, services.jwtKey, d.id, f.at) : undefined;
  const email = normalizeEmail(d.recipientEmail);
  if (email) {
    const [unsubscribed] = await tx.select().from(emailUnsubscribes).where(eq(emailUnsubscribes.email, email));
    if (!unsubscribed) {
      const unsubscribeUrl = unsubscribeUrlOf(services.publicUrl, services.jwtKey, email);
      await enqueueEmail(tx, recipientEmail(d.recipientEmail, event, f, unsubscribeUrl, receiptUrl), f.at);
    }
  }
  if (await hasSmsConsent(tx, d.recipientPhone)) await enqueueSms(tx, toE164(d.recipientPhone), recipientSms(event, f, receiptUrl), f.at);
}

async function tellStaff(tx: DbOrTx, d: DeliveryRow, event: 'requested' | 'late', f: EventFacts) {
  const staff = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.roleId, STAFF_ROLE_IDS), eq(users.isDeleted, false), eq(users.isDisabled, false)));
  const notice = staffNotice(event, f);
  for (const s of staff) await notifyCustomer(tx, { userId: s.id, deliveryId: d.id, ...notice }, f.at);
}

/**
 * The one place that decides who hears of a delivery event and enqueues it, inside the transaction of the
 * change: the customer (in-app always; e-mail and SMS by their preferences and the phone's consent), the
 * recipient (pickup, a missed drop and its next window, delivery), staff (new requests and late ones).
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
  await tellCustomer(tx, d, event, f);
  if (RECIPIENT_EVENTS.has(event)) await tellRecipient(tx, services, d, event as RecipientEvent, f);
  if (event === 'requested' || event === 'late') await tellStaff(tx, d, event, f);
}
