import { COMPANY, type TDeliveryStatus } from '@courier/contract';
import { composeEmail } from '../../platform/email.js';
import { formatBusinessTime } from '../deliveries/business-time.js';

/**
 * Every delivery message's words, for every channel. E-mail and SMS carry the minimum: order id, status,
 * times and links; never the package type, instructions, names or anything clinical. Subjects name the
 * order id and the status, nothing else.
 */

/** What happened, as the customer hears it; 'late' is the sweep's and 'reassigned' a new driver, not statuses. */
export type DeliveryEvent = 'requested' | TDeliveryStatus | 'late' | 'reassigned';

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
  reassigned: 'Driver changed',
};

/** The events the customer also hears of by e-mail and SMS (in-app hears of every move). */
export const OUTSIDE_EVENTS: ReadonlySet<DeliveryEvent> = new Set([
  'requested',
  'approved',
  'assigned',
  'picked_up',
  'delivered',
  'cancelled',
  'late',
]);

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

/** To the recipient, who never signed up: only the pickup and the delivery, with an unsubscribe link. */
export function recipientEmail(to: string, event: 'picked_up' | 'delivered', f: EventFacts, unsubscribeUrl: string) {
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
      : { label: 'Rate this delivery', href: `${f.trackingUrl}/feedback` },
    unsubscribeUrl,
  });
}

export const recipientSms = (event: 'picked_up' | 'delivered', f: EventFacts) =>
  event === 'picked_up'
    ? `${COMPANY.name}: delivery ${f.orderId} for you was picked up. Follow it: ${f.trackingUrl} Reply STOP to opt out.`
    : `${COMPANY.name}: delivery ${f.orderId} was delivered. Rate it: ${f.trackingUrl}/feedback Reply STOP to opt out.`;

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
