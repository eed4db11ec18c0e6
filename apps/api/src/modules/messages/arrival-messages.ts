import { COMPANY, ROLE_IDS, STAFF_ROLES } from '@courier/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { emailUnsubscribes, users } from '../../db/schema/index.js';
import { composeEmail } from '../../platform/email.js';
import { formatBusinessTime } from '../../shared/business-time.js';
import { type DeliveryRow, trackingUrlOf } from '../../shared/delivery-json.js';
import { type OutgoingMessage, writeMessages } from './outgoing-message.js';
import type { MessageServices } from './plan-delivery-messages.js';
import { hasSmsConsent, toE164 } from './sms-consent.js';
import { normalizeEmail, unsubscribeUrlOf } from './unsubscribe-token.js';

/** The recipient's one heads-up, word for word (tracking shows the same minutes). */
export const ARRIVING_SOON = `Your ${COMPANY.name} driver is about 10 minutes away`;
export const ESTIMATE_LATE_TITLE = 'Planned arrival misses its deadline';

/**
 * The heads-up's one message: by SMS when the recipient's phone consented, else by e-mail unless the address
 * unsubscribed (else none). Pure: the consent facts are read before.
 */
export function planArrivingSoonMessages(
  services: MessageServices,
  d: Pick<DeliveryRow, 'orderId' | 'recipientEmail' | 'recipientPhone'>,
  facts: { smsConsent: boolean; emailUnsubscribed: boolean },
): OutgoingMessage[] {
  const trackingUrl = trackingUrlOf(services.publicUrl, d.orderId);
  if (d.recipientPhone && facts.smsConsent)
    return [
      {
        audience: 'recipient',
        channel: 'sms',
        address: toE164(d.recipientPhone),
        content: { text: `${ARRIVING_SOON}. Delivery ${d.orderId}: ${trackingUrl} Reply STOP to opt out.` },
      },
    ];
  const email = normalizeEmail(d.recipientEmail);
  if (!email || facts.emailUnsubscribed) return [];
  return [
    {
      audience: 'recipient',
      channel: 'email',
      address: d.recipientEmail,
      content: composeEmail({
        to: d.recipientEmail,
        subject: `${d.orderId}: ${ARRIVING_SOON}`,
        paragraphs: ['Hello,', `${ARRIVING_SOON}.`, `Delivery ${d.orderId} is next on the driver's route.`],
        action: { label: 'Follow your delivery', href: trackingUrl },
        unsubscribeUrl: unsubscribeUrlOf(services.publicUrl, services.jwtKey, email),
      }),
    },
  ];
}

/** The heads-up, written in the caller's transaction (the one that marks it sent). */
export async function sendArrivingSoonMessage(tx: DbOrTx, services: MessageServices, d: DeliveryRow, at: Date): Promise<void> {
  const email = normalizeEmail(d.recipientEmail);
  const [unsubscribed] = email
    ? await tx.select({ email: emailUnsubscribes.email }).from(emailUnsubscribes).where(eq(emailUnsubscribes.email, email)).limit(1)
    : [];
  const facts = { smsConsent: await hasSmsConsent(tx, d.recipientPhone), emailUnsubscribed: !!unsubscribed };
  await writeMessages(tx, planArrivingSoonMessages(services, d, facts), at);
}

/** Dispatch (every active staff account, in the app) hears once that a route's estimate misses a deadline. */
export async function sendEstimateLateNotice(
  tx: DbOrTx,
  services: MessageServices,
  d: DeliveryRow,
  deadline: { at: Date; what: 'required-by' | 'stability deadline' },
  at: Date,
): Promise<void> {
  const staff = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(
          users.roleId,
          STAFF_ROLES.map((r) => ROLE_IDS[r]),
        ),
        eq(users.isDeleted, false),
        eq(users.isDisabled, false),
      ),
    );
  const when = (t: Date | null) => formatBusinessTime(t, services.env.BUSINESS_TZ);
  const message = `Delivery ${d.orderId} is planned to arrive at ${when(d.estimatedDelivery)}, after its ${deadline.what} (${when(deadline.at)}). Resequence or reassign it.`;
  await writeMessages(
    tx,
    staff.map((s) => ({
      audience: 'staff',
      channel: 'in_app',
      address: s.id,
      content: { deliveryId: d.id, title: ESTIMATE_LATE_TITLE, message },
    })),
    at,
  );
}
