import { ACCOUNT_INVITATION_TTL_HOURS, type TAccountRole } from '@courier/contract';
import { composeEmail } from '../../platform/email.js';
import type { OutgoingEmail } from '../../platform/mailer.js';

const ROLE_WORDS: Record<TAccountRole, string> = { owner: 'an owner', member: 'a member' };

/**
 * The invitation to join a customer account, worded like the staff invitation: one link, no password travelling.
 * A new person sets their password through it; someone who already books with us signs in and accepts.
 */
export const accountInvitationMessage = (
  to: string,
  accountName: string,
  role: TAccountRole,
  invitedBy: string,
  link: string,
): OutgoingEmail =>
  composeEmail({
    to,
    subject: `You are invited to join ${accountName} on MedCourier`,
    paragraphs: [
      'Hello,',
      `${invitedBy} has invited you to join ${accountName} on MedCourier as ${ROLE_WORDS[role]}. Deliveries you book there are billed to ${accountName}.`,
      'Follow the link below: if you are new to MedCourier you choose your name and password there; if you already book with us, sign in with this e-mail address and accept.',
    ],
    action: { label: 'Accept the invitation', href: link },
    after: [
      `This link works once and expires in ${ACCOUNT_INVITATION_TTL_HOURS / 24} days. If you did not expect it, you can ignore this e-mail.`,
    ],
  });
