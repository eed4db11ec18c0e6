import { COMPANY } from '@courier/contract';
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
