import { INVITATION_TTL_HOURS } from '@courier/contract';
import type { OutgoingEmail } from '../../platform/mailer.js';
import { layout } from '../auth/auth-emails.js';

/** The invitation to a staff or driver account: a link that sets the first password; no password travels. */
export function invitationMessage(to: string, firstName: string, roleName: string, invitedBy: string, link: string): OutgoingEmail {
  const lines = [
    `Hello ${firstName},`,
    `${invitedBy} has created a MedCourier ${roleName} account for you. Choose your password with the link below, then sign in with this e-mail address.`,
    `This link works once and expires in ${INVITATION_TTL_HOURS} hours. If you did not expect it, you can ignore this e-mail.`,
  ];
  return {
    to,
    subject: 'Your MedCourier account is ready: set your password',
    text: `${lines[0]}\n\n${lines[1]}\n\n${link}\n\n${lines[2]}\n\nMedCourier`,
    html: layout(lines, { label: 'Set my password', href: link }),
  };
}
