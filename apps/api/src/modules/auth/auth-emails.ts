import type { OutgoingEmail } from '../../platform/mailer.js';

/** The account e-mails: plain text plus a simple HTML part; links are built from PUBLIC_URL only. */

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function layout(paragraphs: string[], action?: { label: string; href: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(action.href)}" style="display:inline-block;padding:10px 18px;background:#0f766e;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">Or paste this link into your browser: ${escapeHtml(action.href)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:24px">${body}${button}<p style="margin:24px 0 0;font-size:12px;color:#6b7280">MedCourier</p></body></html>`;
}

export function verifyEmailMessage(to: string, firstName: string, link: string): OutgoingEmail {
  const lines = [
    `Hello ${firstName},`,
    'Welcome to MedCourier. Please confirm your e-mail address to finish creating your account.',
    'This link works once and expires in 24 hours. If you did not sign up, you can ignore this e-mail.',
  ];
  return {
    to,
    subject: 'Verify your MedCourier e-mail',
    text: `${lines[0]}\n\n${lines[1]}\n\n${link}\n\n${lines[2]}\n\nMedCourier`,
    html: layout(lines, { label: 'Verify my e-mail', href: link }),
  };
}

export function loginCodeMessage(to: string, firstName: string, code: string): OutgoingEmail {
  const lines = [
    `Hello ${firstName},`,
    `Your MedCourier sign-in code is ${code}.`,
    'It expires in 10 minutes. If you did not try to sign in, change your password.',
  ];
  return {
    to,
    subject: 'Your MedCourier sign-in code',
    text: `${lines.join('\n\n')}\n\nMedCourier`,
    html: layout(lines),
  };
}

export function resetPasswordMessage(to: string, firstName: string, link: string): OutgoingEmail {
  const lines = [
    `Hello ${firstName},`,
    'We received a request to reset your MedCourier password. Choose a new one with the link below.',
    'This link works once and expires in 1 hour. If you did not ask for it, you can ignore this e-mail: your password stays as it is.',
  ];
  return {
    to,
    subject: 'Reset your MedCourier password',
    text: `${lines[0]}\n\n${lines[1]}\n\n${link}\n\n${lines[2]}\n\nMedCourier`,
    html: layout(lines, { label: 'Reset my password', href: link }),
  };
}

export function passwordChangedMessage(to: string, firstName: string, signInLink: string): OutgoingEmail {
  const lines = [
    `Hello ${firstName},`,
    'The password of your MedCourier account was just changed, and every other session was signed out.',
    'If this was not you, reset your password now and contact support.',
  ];
  return {
    to,
    subject: 'Your MedCourier password was changed',
    text: `${lines.join('\n\n')}\n\n${signInLink}\n\nMedCourier`,
    html: layout(lines, { label: 'Sign in', href: signInLink }),
  };
}
