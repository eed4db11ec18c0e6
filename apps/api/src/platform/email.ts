import { COMPANY } from '@courier/contract';
import type { OutgoingEmail } from './mailer.js';

/** The one escape helper of every e-mail the product sends. */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export interface EmailContent {
  to: string;
  subject: string;
  paragraphs: string[];
  /** The button; the plain-text part carries its link on a line of its own. */
  action?: { label: string; href: string };
  /** Lines after the button (e.g. how long a link lasts). */
  after?: string[];
  /** Recipients who never signed up get the one-click unsubscribe link and headers. */
  unsubscribeUrl?: string;
}

const BRAND = '#0f766e';

/** The one layout: a teal header with the name, the text, one button, a quiet footer. */
function layout(c: EmailContent): string {
  const p = (s: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(s)}</p>`;
  const button = c.action
    ? `<p style="margin:8px 0 16px"><a href="${escapeHtml(c.action.href)}" style="display:inline-block;padding:10px 18px;background:${BRAND};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(c.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555555;word-break:break-all">Or paste this link into your browser: ${escapeHtml(c.action.href)}</p>`
    : '';
  const unsubscribe = c.unsubscribeUrl
    ? ` <a href="${escapeHtml(c.unsubscribeUrl)}" style="color:#6b7280">Unsubscribe from delivery e-mails</a>`
    : '';
  return (
    '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>' +
    '<body style="margin:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#1f2937">' +
    '<div style="max-width:560px;margin:0 auto;padding:24px">' +
    `<div style="background:${BRAND};color:#ffffff;padding:14px 24px;border-radius:8px 8px 0 0;font-size:18px;font-weight:bold">${escapeHtml(COMPANY.name)}</div>` +
    `<div style="background:#ffffff;padding:24px;border-radius:0 0 8px 8px">${c.paragraphs.map(p).join('')}${button}${(c.after ?? []).map(p).join('')}</div>` +
    `<p style="margin:16px 0 0;font-size:12px;color:#6b7280">${escapeHtml(COMPANY.name)}.${unsubscribe}</p>` +
    '</div></body></html>'
  );
}

/** Multipart e-mail (plain text and HTML) in the product's look; every e-mail is built here. */
export function composeEmail(c: EmailContent): OutgoingEmail {
  const text = [
    ...c.paragraphs,
    // The link on a line of its own, so a mail client makes it clickable whole.
    ...(c.action ? [`${c.action.label}\n${c.action.href}`] : []),
    ...(c.after ?? []),
    COMPANY.name,
    ...(c.unsubscribeUrl ? [`Unsubscribe from delivery e-mails: ${c.unsubscribeUrl}`] : []),
  ].join('\n\n');
  return { to: c.to, subject: c.subject, text, html: layout(c), listUnsubscribe: c.unsubscribeUrl ?? null };
}
