import { COMPANY } from '@courier/contract';
import { escapeHtml } from '../../platform/email.js';

/** The small browser page of an unsubscribe link: a confirm button (GET), then the outcome (POST). */
export function unsubscribePage(
  state: { kind: 'confirm'; email: string; action: string } | { kind: 'done'; email: string } | { kind: 'invalid' },
) {
  const body =
    state.kind === 'confirm'
      ? `<h1>Unsubscribe from delivery e-mails?</h1><p>${escapeHtml(state.email)} will no longer receive delivery e-mails from ${COMPANY.name}.</p>` +
        `<form method="post" action="${escapeHtml(state.action)}"><button type="submit">Unsubscribe</button></form>`
      : state.kind === 'done'
        ? `<h1>You are unsubscribed</h1><p>${escapeHtml(state.email)} will no longer receive delivery e-mails from ${COMPANY.name}.</p>`
        : '<h1>Link not valid</h1><p>This unsubscribe link is not valid. Use the link from the latest e-mail.</p>';
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>Unsubscribe · ${COMPANY.name}</title><style>` +
    'body{margin:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#1f2937}' +
    'main{max-width:480px;margin:48px auto;padding:0 16px}.card{background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.1)}' +
    'header{background:#0f766e;color:#fff;padding:14px 24px;border-radius:8px 8px 0 0;font-weight:bold;font-size:18px}' +
    'h1{font-size:20px;margin:0 0 12px}p{line-height:1.5;margin:0 0 16px}' +
    'button{background:#0f766e;color:#fff;border:0;border-radius:6px;padding:10px 18px;font-size:16px;cursor:pointer}' +
    `</style></head><body><main><header>${COMPANY.name}</header><div class="card">${body}</div></main></body></html>`
  );
}
