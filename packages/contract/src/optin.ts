import { z } from 'zod';
import { MESSAGES } from './messages.js';
import { needsOptinEmail, ZOptinRequest } from './schemas.js';

/** Where consent was given: the opt-in page (three boxes) or the landing banner (SMS only). */
export const OPTIN_SOURCES = ['page', 'banner'] as const;
export type TOptinSource = (typeof OPTIN_SOURCES)[number];

/**
 * The notice shown beside the opt-in page's boxes, stored with each page consent as what was agreed to.
 * The banner's notice is MESSAGES.optinConsentNotice. "Service updates" is consent.marketing.
 */
export const OPTIN_PAGE_CONSENT_TEXT =
  'By submitting, you agree to receive the updates you selected from MedCourier by SMS and e-mail. Message & data rates may apply. Reply STOP to opt out of SMS, or use the unsubscribe link in any e-mail.';

/**
 * Where a number's SMS consent stands (double opt-in): none (never asked), pending (a form asked and a text
 * asking for YES went out), confirmed (the handset replied YES or START), stopped (the handset replied STOP).
 * Only the handset moves it to confirmed or stopped; a form can never lift a STOP.
 */
export const SMS_CONSENT_STATES = ['none', 'pending', 'confirmed', 'stopped'] as const;
export type TSmsConsentState = (typeof SMS_CONSENT_STATES)[number];

/** The one text a form sends: consent starts with the reply. */
export const SMS_CONSENT_REQUEST_TEXT =
  'MedCourier: reply YES to get delivery updates by SMS at this number. Msg & data rates may apply. Reply STOP to opt out. Not you? Ignore this text.';

/** The line the opt-in page adds under 'All set!' when SMS was asked for. */
export const OPTIN_REPLY_YES_LINE = 'We have sent you a text: reply YES to it to start SMS updates.';

/**
 * The opt-in body: the request's rules, with a missing consent box read as unticked so an empty choice
 * answers 'Please choose at least one kind of update' rather than a type error.
 */
const unticked = z.boolean().optional().default(false);
export const ZOptinBody = z
  .object({
    phone: ZOptinRequest.shape.phone,
    company: ZOptinRequest.shape.company,
    email: ZOptinRequest.shape.email,
    consent: z
      .object({ sms: unticked, email: unticked, marketing: unticked }, { error: MESSAGES.optinPreferenceRequired })
      .optional()
      .default({ sms: false, email: false, marketing: false })
      .refine((c) => c.sms || c.email || c.marketing, MESSAGES.optinPreferenceRequired),
    source: z.enum(OPTIN_SOURCES).optional().default('page'),
  })
  .superRefine(needsOptinEmail);
export type TOptinBody = z.infer<typeof ZOptinBody>;

export const ZOptinResponse = z.object({ success: z.literal(true), message: z.string() });
export type TOptinResponse = z.infer<typeof ZOptinResponse>;
