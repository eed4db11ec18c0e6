/** Where consent was given: the opt-in page (three boxes) or the landing banner (SMS only). */
export const OPTIN_SOURCES = ['page', 'banner'] as const;
export type TOptinSource = (typeof OPTIN_SOURCES)[number];

/**
 * The notice shown beside the opt-in page's boxes, stored with each page consent as what was agreed to.
 * The banner's notice is MESSAGES.optinConsentNotice. "Service updates" is consent.marketing.
 */
export const OPTIN_PAGE_CONSENT_TEXT =
  'By submitting, you agree to receive the updates you selected from MedCourier by SMS and e-mail. Message & data rates may apply. Reply STOP to opt out of SMS, or use the unsubscribe link in any e-mail.';
