import { composeEmail } from '../../platform/email.js';
import type { OutgoingEmail } from '../../platform/mailer.js';

/** The account e-mails, in the one layout of platform/email.ts; links are built from PUBLIC_URL only. */

export const verifyEmailMessage = (to: string, firstName: string, link: string): OutgoingEmail =>
  composeEmail({
    to,
    subject: 'Verify your MedCourier e-mail',
    paragraphs: [`Hello ${firstName},`, 'Welcome to MedCourier. Please confirm your e-mail address to finish creating your account.'],
    action: { label: 'Verify my e-mail', href: link },
    after: ['This link works once and expires in 24 hours. If you did not sign up, you can ignore this e-mail.'],
  });

export const loginCodeMessage = (to: string, firstName: string, code: string): OutgoingEmail =>
  composeEmail({
    to,
    subject: 'Your MedCourier sign-in code',
    paragraphs: [
      `Hello ${firstName},`,
      `Your MedCourier sign-in code is ${code}.`,
      'It expires in 10 minutes. If you did not try to sign in, change your password.',
    ],
  });

export const resetPasswordMessage = (to: string, firstName: string, link: string): OutgoingEmail =>
  composeEmail({
    to,
    subject: 'Reset your MedCourier password',
    paragraphs: [`Hello ${firstName},`, 'We received a request to reset your MedCourier password. Choose a new one with the link below.'],
    action: { label: 'Reset my password', href: link },
    after: [
      'This link works once and expires in 1 hour. If you did not ask for it, you can ignore this e-mail: your password stays as it is.',
    ],
  });

export const passwordChangedMessage = (to: string, firstName: string, signInLink: string): OutgoingEmail =>
  composeEmail({
    to,
    subject: 'Your MedCourier password was changed',
    paragraphs: [
      `Hello ${firstName},`,
      'The password of your MedCourier account was just changed, and every other session was signed out.',
      'If this was not you, reset your password now and contact support.',
    ],
    action: { label: 'Sign in', href: signInLink },
  });

/** To the owner of an e-mail someone just tried to sign up with: nothing to do if it was them. */
export const signupAttemptMessage = (to: string, firstName: string, links: { signIn: string; reset: string }): OutgoingEmail =>
  composeEmail({
    to,
    subject: 'Someone tried to sign up with your MedCourier e-mail',
    paragraphs: [
      `Hello ${firstName},`,
      'Someone just tried to create a new MedCourier account with this e-mail address. It already has an account, so no new one was made.',
      `If it was you, sign in: ${links.signIn}`,
      `If you forgot your password, reset it: ${links.reset}`,
      'If it was not you, you can ignore this e-mail: your account is unchanged.',
    ],
    action: { label: 'Sign in', href: links.signIn },
  });
