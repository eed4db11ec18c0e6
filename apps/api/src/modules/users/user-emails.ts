import { INVITATION_TTL_HOURS } from '@courier/contract';
import { composeEmail } from '../../platform/email.js';
import type { OutgoingEmail } from '../../platform/mailer.js';

/** The invitation to a staff or driver account: a link that sets the first password; no password travels. */
export const invitationMessage = (to: string, firstName: string, roleName: string, invitedBy: string, link: string): OutgoingEmail =>
  composeEmail({
    to,
    subject: 'Your MedCourier account is ready: set your password',
    paragraphs: [
      `Hello ${firstName},`,
      `${invitedBy} has created a MedCourier ${roleName} account for you. Choose your password with the link below, then sign in with this e-mail address.`,
    ],
    action: { label: 'Set my password', href: link },
    after: [`This link works once and expires in ${INVITATION_TTL_HOURS} hours. If you did not expect it, you can ignore this e-mail.`],
  });
