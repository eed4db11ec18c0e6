import { COMPANY, type TDeliveryStatus } from '@courier/contract';
import type { OutgoingEmail } from '../../platform/mailer.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

export const formatBusinessTime = (at: Date | null, timeZone: string) =>
  at
    ? at.toLocaleString('en-US', { timeZone, dateStyle: 'medium', timeStyle: 'short', hour12: true }) +
      ` ${new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? ''}`.trimEnd()
    : 'Not available';

function email(to: string, subject: string, lines: string[], link: { url: string; text: string }): OutgoingEmail {
  const text = [...lines, '', `${link.text}: ${link.url}`, '', COMPANY.name].join('\n');
  const html = `${lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : '')).join('')}<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.text)}</a></p><p>${COMPANY.name}</p>`;
  return { to, subject, text, html };
}

export interface DeliveryEmailFacts {
  to: string;
  firstName: string;
  orderId: string;
  recipientName: string;
  requiredBy: Date | null;
  estimatedDelivery: Date | null;
  trackingUrl: string;
  timeZone: string;
}

export const deliveryReceivedEmail = (f: DeliveryEmailFacts) =>
  email(
    f.to,
    `Delivery request received: ${f.orderId}`,
    [
      `Hello ${f.firstName},`,
      `We have received your delivery request ${f.orderId} to ${f.recipientName}. It is pending approval; we will let you know as it moves.`,
      `Required by: ${formatBusinessTime(f.requiredBy, f.timeZone)}`,
      `Estimated delivery: ${formatBusinessTime(f.estimatedDelivery, f.timeZone)}`,
    ],
    { url: f.trackingUrl, text: 'Track your delivery' },
  );

export const deliveryCancelledEmail = (f: DeliveryEmailFacts) =>
  email(
    f.to,
    `Delivery cancelled: ${f.orderId}`,
    [`Hello ${f.firstName},`, `Your delivery ${f.orderId} to ${f.recipientName} has been cancelled.`],
    { url: f.trackingUrl, text: 'View the delivery' },
  );

/** What the owner reads when their delivery moves; null where no message is due. */
export const STATUS_NOTICES: Partial<Record<TDeliveryStatus, { title: string; says: (orderId: string, recipient: string) => string }>> = {
  approved: { title: 'Delivery approved', says: (o, r) => `Your delivery ${o} to ${r} has been approved.` },
  assigned: { title: 'Driver assigned', says: (o, r) => `A driver has been assigned to your delivery ${o} to ${r}.` },
  moving_to_pickup_location: { title: 'Driver on the way', says: (o) => `The driver is on the way to pick up your delivery ${o}.` },
  picked_up: { title: 'Parcel picked up', says: (o, r) => `Your delivery ${o} to ${r} has been picked up.` },
  in_transit: { title: 'Parcel in transit', says: (o, r) => `Your delivery ${o} is on its way to ${r}.` },
  delivered: { title: 'Delivered', says: (o, r) => `Your delivery ${o} has been delivered to ${r}.` },
  cancelled: { title: 'Delivery cancelled', says: (o, r) => `Your delivery ${o} to ${r} has been cancelled.` },
};

export const deliveryStatusEmail = (f: DeliveryEmailFacts, status: TDeliveryStatus) => {
  const notice = STATUS_NOTICES[status];
  const says = notice ? notice.says(f.orderId, f.recipientName) : `Your delivery ${f.orderId} is now ${status}.`;
  return email(f.to, `${notice?.title ?? 'Delivery update'}: ${f.orderId}`, [`Hello ${f.firstName},`, says], {
    url: f.trackingUrl,
    text: 'Track your delivery',
  });
};

/** To the recipient when the parcel leaves: the public tracking link. */
export const recipientTrackingEmail = (to: string, orderId: string, trackingUrl: string) =>
  email(
    to,
    `A delivery is on its way to you: ${orderId}`,
    ['Hello,', `A ${COMPANY.name} courier has picked up delivery ${orderId} for you.`],
    { url: trackingUrl, text: 'Follow your delivery' },
  );

/** To the recipient once delivered: the feedback link. */
export const recipientFeedbackEmail = (to: string, orderId: string, feedbackUrl: string) =>
  email(to, `Delivered: ${orderId}`, ['Hello,', `Delivery ${orderId} has been handed over. How did we do?`], {
    url: feedbackUrl,
    text: 'Rate this delivery',
  });
