import { ATTEMPT_REASON_LABELS, COMPANY, EMAIL_NOTICE_EVENTS, type TAttemptReason, type TDeliveryStatus } from '@courier/contract';
import { composeEmail } from '../../platform/email.js';
import { formatBusinessTime } from '../../shared/business-time.js';

/**
 * Every delivery message's words, for every channel. E-mail and SMS carry the minimum: order id, status,
 * times and links; never the package type, instructions, names or anything clinical. Subjects name the
 * order id and the status, nothing else.
 */

/** What happened, as the customer hears it; 'late' is the sweep's, 'reattempt' dispatch's and 'reassigned' a new driver, not statuses. */
export type DeliveryEvent = 'requested' | TDeliveryStatus | 'late' | 'reattempt' | 'reassigned';

export interface EventFacts {
  orderId: string;
  /** Names only ever appear in-app, to the signed-in owner who typed them. */
  recipientName: string;
  at: Date;
  requiredBy: Date | null;
  estimatedDelivery: Date | null;
  trackingUrl: string;
  timeZone: string;
  cancelReason?: string | null;
  /** Who signed for it at delivery. */
  signedBy?: string | null;
  /** A failed attempt's reason code. */
  reason?: TAttemptReason;
  /** A re-attempt's window. */
  window?: { from: Date; to: Date };
}

const HEADLINE: Record<DeliveryEvent, string> = {
  requested: 'Request received',
  pending: 'Request received',
  approved: 'Approved',
  assigned: 'Driver assigned',
  moving_to_pickup_location: 'Driver on the way',
  picked_up: 'Picked up',
  in_transit: 'In transit',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  late: 'Running late',
  failed_attempt: 'Delivery attempted',
  reattempt: 'New delivery attempt',
  returning: 'Returning to sender',
  returned: 'Returned to sender',
  reassigned: 'Driver changed',
};

/**
 * The events the customer also hears of by e-mail and SMS (in-app hears of every move): the booking's own
 * confirmation and every event a customer may choose to hear of by e-mail.
 */
export const OUTSIDE_EVENTS: ReadonlySet<DeliveryEvent> = new Set<DeliveryEvent>(['requested', ...EMAIL_NOTICE_EVENTS]);

/** The exceptions the recipient hears of: "we missed you", then the next window. */
export type RecipientEvent = 'picked_up' | 'delivered' | 'failed_attempt' | 'reattempt';
export const RECIPIENT_EVENTS: ReadonlySet<DeliveryEvent> = new Set<DeliveryEvent>([
  'picked_up',
  'delivered',
  'failed_attempt',
  'reattempt',
]);

/** A reason in plain words, lower-cased for a sentence. */
const reasonWords = (f: EventFacts) => (f.reason ? ATTEMPT_REASON_LABELS[f.reason].toLowerCase() : null);
const windowWords = (f: EventFacts) => (f.window ? `between ${when(f, f.window.from)} and ${when(f, f.window.to)}` : null);

export const subjectOf = (event: DeliveryEvent, orderId: string) => `${orderId}: ${HEADLINE[event]}`;

const when = (f: EventFacts, at: Date | null) => formatBusinessTime(at, f.timeZone);

/** Late means past its required-by, or about to be: the tense says which. */
const dueClause = (f: EventFacts) =>
  `${f.requiredBy && f.requiredBy.getTime() > f.at.getTime() ? 'is due by' : 'was due by'} ${when(f, f.requiredBy)} and is not delivered yet`;

/** The one status sentence shared by e-mail and SMS. */
function statusSentence(event: DeliveryEvent, f: EventFacts): string {
  switch (event) {
    case 'requested':
    case 'pending':
      return `We received delivery request ${f.orderId}. It is pending approval.`;
    case 'approved':
      return `Delivery ${f.orderId} was approved.`;
    case 'assigned':
      return `A driver was assigned to delivery ${f.orderId}.`;
    case 'reassigned':
      return `Delivery ${f.orderId} has a new driver.`;
    case 'picked_up':
      return `Delivery ${f.orderId} was picked up at ${when(f, f.at)}.`;
    case 'delivered':
      return `Delivery ${f.orderId} was delivered at ${when(f, f.at)}${f.signedBy ? `, received by ${f.signedBy}` : ''}.`;
    case 'cancelled':
      return `Delivery ${f.orderId} was cancelled${f.cancelReason ? `. Reason: ${f.cancelReason}` : ''}.`;
    case 'late':
      return `Delivery ${f.orderId} is running late: it ${dueClause(f)}.`;
    case 'failed_attempt':
      return `Delivery ${f.orderId} could not be delivered at ${when(f, f.at)}${reasonWords(f) ? ` (${reasonWords(f)})` : ''}. Dispatch will arrange another attempt or its return to you.`;
    case 'reattempt':
      return `A new delivery attempt for ${f.orderId} is scheduled${windowWords(f) ? ` ${windowWords(f)}` : ''}.`;
    case 'returning':
      return `Delivery ${f.orderId} is being returned to the sender${f.cancelReason ? `. Reason: ${f.cancelReason}` : ''}.`;
    case 'returned':
      return `Delivery ${f.orderId} was returned to the sender at ${when(f, f.at)}.`;
    default:
      return `Delivery ${f.orderId} is now ${HEADLINE[event].toLowerCase()}.`;
  }
}

/** To the customer who booked it. */
export function customerEmail(to: string, firstName: string, event: DeliveryEvent, f: EventFacts) {
  const times = [
    ...(f.requiredBy && event !== 'late' && event !== 'delivered' ? [`Required by: ${when(f, f.requiredBy)}`] : []),
    ...(f.estimatedDelivery && (event === 'requested' || event === 'approved' || event === 'assigned')
      ? [`Estimated delivery: ${when(f, f.estimatedDelivery)}`]
      : []),
  ];
  return composeEmail({
    to,
    subject: subjectOf(event, f.orderId),
    paragraphs: [`Hello ${firstName},`, statusSentence(event, f), ...times],
    action: { label: 'Track your delivery', href: f.trackingUrl },
  });
}

export const customerSms = (event: DeliveryEvent, f: EventFacts) =>
  `${COMPANY.name}: ${statusSentence(event, f)} Track: ${f.trackingUrl} Reply STOP to opt out.`;

/** "We missed you": no reason (it may be about them), the tracking link and, once set, the next window. */
function missedYouParagraph(event: 'failed_attempt' | 'reattempt', f: EventFacts) {
  return event === 'failed_attempt'
    ? `A ${COMPANY.name} courier tried to deliver ${f.orderId} to you at ${when(f, f.at)} but could not hand it over. We will let you know the next delivery window.`
    : `We missed you earlier with delivery ${f.orderId}. The next delivery window is ${windowWords(f) ?? 'being arranged'}.`;
}

/**
 * To the recipient, who never signed up: the pickup, a missed drop and its next window, the delivery (with
 * the receipt link when given); with an unsubscribe link.
 */
export function recipientEmail(to: string, event: RecipientEvent, f: EventFacts, unsubscribeUrl: string, receiptUrl?: string) {
  if (event === 'failed_attempt' || event === 'reattempt') {
    return composeEmail({
      to,
      subject: `${f.orderId}: We missed you`,
      paragraphs: ['Hello,', missedYouParagraph(event, f)],
      action: { label: 'Follow your delivery', href: f.trackingUrl },
      unsubscribeUrl,
    });
  }
  const pickedUp = event === 'picked_up';
  return composeEmail({
    to,
    subject: subjectOf(event, f.orderId),
    paragraphs: [
      'Hello,',
      pickedUp
        ? `A ${COMPANY.name} courier picked up delivery ${f.orderId} for you at ${when(f, f.at)}.`
        : `Delivery ${f.orderId} was handed over at ${when(f, f.at)}. How did we do?`,
    ],
    action: pickedUp
      ? { label: 'Follow your delivery', href: f.trackingUrl }
      : receiptUrl
        ? { label: 'Confirm receipt', href: receiptUrl }
        : { label: 'Rate this delivery', href: `${f.trackingUrl}/feedback` },
    // The receiving lab records receipt (CLIA); the link works for 7 days and once.
    after:
      !pickedUp && receiptUrl ? [`Rate this delivery: ${f.trackingUrl}/feedback`, 'The receipt link works once, for 7 days.'] : undefined,
    unsubscribeUrl,
  });
}

export const recipientSms = (event: RecipientEvent, f: EventFacts, receiptUrl?: string) =>
  event === 'failed_attempt' || event === 'reattempt'
    ? `${COMPANY.name}: ${missedYouParagraph(event, f)} Follow it: ${f.trackingUrl} Reply STOP to opt out.`
    : event === 'picked_up'
      ? `${COMPANY.name}: delivery ${f.orderId} for you was picked up. Follow it: ${f.trackingUrl} Reply STOP to opt out.`
      : `${COMPANY.name}: delivery ${f.orderId} was delivered.${receiptUrl ? ` Confirm receipt: ${receiptUrl}` : ''} Rate it: ${f.trackingUrl}/feedback Reply STOP to opt out.`;

/** What the owner reads in the app: every move. */
export function customerNotice(event: DeliveryEvent, f: EventFacts): { title: string; message: string } {
  const o = f.orderId;
  const r = f.recipientName;
  switch (event) {
    case 'requested':
    case 'pending':
      return { title: 'Delivery request received', message: `Your delivery ${o} to ${r} is pending approval.` };
    case 'approved':
      return { title: 'Delivery approved', message: `Your delivery ${o} to ${r} has been approved.` };
    case 'assigned':
      return { title: 'Driver assigned', message: `A driver has been assigned to your delivery ${o} to ${r}.` };
    case 'reassigned':
      return { title: 'Driver changed', message: `Your delivery ${o} to ${r} has a new driver; nothing else changes.` };
    case 'moving_to_pickup_location':
      return { title: 'Driver on the way', message: `The driver is on the way to pick up your delivery ${o}.` };
    case 'picked_up':
      return { title: 'Parcel picked up', message: `Your delivery ${o} to ${r} has been picked up.` };
    case 'in_transit':
      return { title: 'Parcel in transit', message: `Your delivery ${o} is on its way to ${r}.` };
    case 'delivered':
      return {
        title: 'Delivered',
        message: `Your delivery ${o} has been delivered to ${r} at ${when(f, f.at)}${f.signedBy ? `, signed for by ${f.signedBy}` : ''}.`,
      };
    case 'cancelled':
      return {
        title: 'Delivery cancelled',
        message: `Your delivery ${o} to ${r} has been cancelled.${f.cancelReason ? ` Reason: ${f.cancelReason}` : ''}`,
      };
    case 'late':
      return {
        title: 'Delivery running late',
        message: `Your delivery ${o} ${dueClause(f)}.`,
      };
    case 'failed_attempt':
      return {
        title: 'Delivery attempt failed',
        message: `Your delivery ${o} to ${r} could not be delivered${reasonWords(f) ? `: ${reasonWords(f)}` : ''}. Dispatch will arrange another attempt or its return.`,
      };
    case 'reattempt':
      return {
        title: 'New delivery attempt',
        message: `A new attempt to deliver ${o} to ${r} is scheduled${windowWords(f) ? ` ${windowWords(f)}` : ''}.`,
      };
    case 'returning':
      return {
        title: 'Returning to sender',
        message: `Your delivery ${o} is on its way back to the pickup address.${f.cancelReason ? ` Reason: ${f.cancelReason}` : ''}`,
      };
    case 'returned':
      return { title: 'Returned to sender', message: `Your delivery ${o} was handed back at the pickup address at ${when(f, f.at)}.` };
  }
}

/** What staff read in the app. */
export function staffNotice(event: 'requested' | 'late', f: EventFacts): { title: string; message: string } {
  return event === 'requested'
    ? { title: 'New delivery request', message: `Delivery ${f.orderId} is waiting for approval.` }
    : {
        title: 'Delivery running late',
        message: `Delivery ${f.orderId} ${dueClause(f)}.`,
      };
}
