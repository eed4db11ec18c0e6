import type { TNotificationPreferences } from '../../db/schema/index.js';
import type { Services } from '../../services.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';
import { receiptUrlOf } from '../../shared/receipt-token.js';
import { emailEventsOf } from '../auth/user-response.js';
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
import type { OutgoingMessage } from './outgoing-message.js';
import { toE164 } from './sms-consent.js';
import { normalizeEmail, unsubscribeUrlOf } from './unsubscribe-token.js';

export type MessageServices = Pick<Services, 'publicUrl' | 'env' | 'jwtKey'>;

/** The events staff hear of in the app: a new request to approve, and one running late. */
const STAFF_EVENTS: ReadonlySet<DeliveryEvent> = new Set<DeliveryEvent>(['requested', 'late']);

/** Who may hear of an event, so only their facts are read: the owner by e-mail or SMS, the recipient, staff. */
export function listenersOf(event: DeliveryEvent) {
  return { ownerOutside: OUTSIDE_EVENTS.has(event), recipient: RECIPIENT_EVENTS.has(event), staff: STAFF_EVENTS.has(event) };
}

/** What the database says about the people an event may reach, read before deciding (null: not read or gone). */
export interface DeliveryAudienceFacts {
  owner: {
    email: string;
    firstName: string;
    phone: string;
    preferences: TNotificationPreferences;
    isDeleted: boolean;
    /** The owner's phone confirmed SMS consent and has not withdrawn it. */
    smsConsent: boolean;
  } | null;
  recipient: { emailUnsubscribed: boolean; smsConsent: boolean };
  /** Active staff accounts. */
  staffIds: string[];
}

function ownerMessages(d: DeliveryRow, event: DeliveryEvent, f: EventFacts, facts: DeliveryAudienceFacts): OutgoingMessage[] {
  // In the app the owner hears of every move, whatever their preferences.
  const out: OutgoingMessage[] = [
    { audience: 'owner', channel: 'in_app', address: d.customerId, content: { deliveryId: d.id, ...customerNotice(event, f) } },
  ];
  const owner = facts.owner;
  if (!listenersOf(event).ownerOutside || !owner || owner.isDeleted) return out;
  // The booking's confirmation always goes; each later move only when the customer chose it.
  const chosen = event === 'requested' || (emailEventsOf(owner.preferences) as string[]).includes(event);
  if (owner.preferences.emailUpdates && chosen)
    out.push({ audience: 'owner', channel: 'email', address: owner.email, content: customerEmail(owner.email, owner.firstName, event, f) });
  if (owner.preferences.smsUpdates && owner.smsConsent)
    out.push({ audience: 'owner', channel: 'sms', address: toE164(owner.phone), content: { text: customerSms(event, f) } });
  return out;
}

/** The recipient never signed up: e-mail unless they unsubscribed, SMS only with their consent. */
function recipientMessages(
  services: MessageServices,
  d: DeliveryRow,
  event: RecipientEvent,
  f: EventFacts,
  facts: DeliveryAudienceFacts,
): OutgoingMessage[] {
  const out: OutgoingMessage[] = [];
  const receiptUrl = event === 'delivered' ? receiptUrlOf(services.publicUrl, services.jwtKey, d.id, f.at) : undefined;
  const email = normalizeEmail(d.recipientEmail);
  if (email && !facts.recipient.emailUnsubscribed) {
    const unsubscribeUrl = unsubscribeUrlOf(services.publicUrl, services.jwtKey, email);
    out.push({
      audience: 'recipient',
      channel: 'email',
      address: d.recipientEmail,
      content: recipientEmail(d.recipientEmail, event, f, unsubscribeUrl, receiptUrl),
    });
  }
  if (d.recipientPhone && facts.recipient.smsConsent)
    out.push({
      audience: 'recipient',
      channel: 'sms',
      address: toE164(d.recipientPhone),
      content: { text: recipientSms(event, f, receiptUrl) },
    });
  return out;
}

/**
 * Every message of one delivery event, decided and composed, in the order they are written: the customer (in-app
 * always; e-mail and SMS by their preferences and the phone's consent), the recipient (pickup, a missed drop and
 * its next window, delivery), staff (new requests and late ones, in the app). Pure: the facts are read before.
 */
export function planDeliveryMessages(
  services: MessageServices,
  d: DeliveryRow,
  event: DeliveryEvent,
  f: EventFacts,
  facts: DeliveryAudienceFacts,
): OutgoingMessage[] {
  const listeners = listenersOf(event);
  return [
    ...ownerMessages(d, event, f, facts),
    ...(listeners.recipient ? recipientMessages(services, d, event as RecipientEvent, f, facts) : []),
    ...(listeners.staff
      ? facts.staffIds.map(
          (id): OutgoingMessage => ({
            audience: 'staff',
            channel: 'in_app',
            address: id,
            content: { deliveryId: d.id, ...staffNotice(event as 'requested' | 'late', f) },
          }),
        )
      : []),
  ];
}
