import { z } from 'zod';
import { ACCOUNT_TYPES } from './accounts.js';
import { DELIVERY_TYPES, PACKAGE_SIZES, PACKAGE_TYPES } from './deliveries.js';
import { FEEDBACK_COMMENT_MAX, REFERENCE_MAX } from './business.js';
import { MESSAGES } from './messages.js';
import { EMAIL_PATTERN, isValidContactPhone, isValidPhone } from './phone.js';
import { PASSWORD_RULES } from './password.js';
import { isSafeText, line, note, safeText, unsafeTextMessage } from './text.js';
import { piecesFromField, ZPiecesRequest } from './pieces.js';
import { PRIORITIES, SPECIMEN_CATEGORIES, SPECIMEN_MAX_STABLE_HOURS, TEMPERATURE_CLASSES } from './medical.js';

/** Multipart sends every field as text: "true"/"false" become booleans, a JSON object its value. */
const fromFormText = (v: unknown) => {
  if (v === 'true') return true;
  if (v === 'false' || v === '') return v === '' ? undefined : false;
  if (typeof v === 'string' && v.trim().startsWith('{')) {
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  }
  return v;
};

export const ZSpecimenRequest = z.object({
  category: z.enum(SPECIMEN_CATEGORIES, { error: `Specimen category must be one of ${SPECIMEN_CATEGORIES.join(', ')}` }),
  collectedAt: z.coerce.date({ error: 'Collected at must be a valid date and time' }),
  stableForHours: z.coerce
    .number({ error: 'Stable for (hours) must be a number' })
    .positive('Stable for (hours) must be more than 0')
    .max(SPECIMEN_MAX_STABLE_HOURS, `Stable for (hours) must be at most ${SPECIMEN_MAX_STABLE_HOURS}`),
});
export type TSpecimenRequest = z.infer<typeof ZSpecimenRequest>;

const required = (label: string, max: number) => line(label, max).min(1, `${label} is required`);
const email = (label = 'Email') =>
  required(label, 254)
    .pipe(z.email({ pattern: EMAIL_PATTERN, error: `${label} must be a valid e-mail address` }))
    .transform((e) => e.toLowerCase());
const contactPhone = (label: string) => required(label, 25).refine(isValidContactPhone, `${label} must be a valid phone number`);

/** Upper-cases enum input so 'document' and 'DOCUMENT' both count (clients send both). */
const upperEnum = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.toUpperCase() : v),
    z.enum(values, { error: `${label} must be one of ${values.join(', ')}` }),
  );

/** The one password rule (sign-up's, with its messages) on a field called `label`: sign-up, reset, invitation, change-password. */
export const passwordField = (label: string) =>
  PASSWORD_RULES.reduce(
    (schema, rule) => schema.refine(rule.test, rule.message),
    safeText(label).max(128, `${label} must be at most 128 characters long`),
  );

export const ZSignupPassword = passwordField('Password');

export const ZLoginRequest = z.object({
  email: email(),
  password: safeText('Password').min(1, 'Password is required').max(128),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZRegisterRequest = z.object({
  email: email(),
  firstName: required('First name', 80),
  lastName: required('Last name', 80),
  phone: contactPhone('Phone'),
  password: ZSignupPassword,
  address: required('Address', 300),
  accountType: z.enum(ACCOUNT_TYPES, { error: `Account type must be one of ${ACCOUNT_TYPES.join(', ')}` }),
  /** Optional: the clinic, lab or pharmacy, printed on labels above the person. */
  organisation: line('Organisation', 120).optional(),
  /** Ignored (sign-up always makes a CUSTOMER) but recorded when it differs, so it is text like any other. */
  roleId: z
    .unknown()
    .optional()
    .refine((v) => typeof v !== 'string' || isSafeText(v), unsafeTextMessage('Role id')),
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZCoords = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });
export type TCoords = z.infer<typeof ZCoords>;

export const ZCreateDeliveryRequest = z.object({
  senderPhone: contactPhone('Sender phone'),
  pickupAddress: required('Pickup address', 300),
  recipientName: required('Recipient name', 120),
  recipientPhone: contactPhone('Recipient phone'),
  recipientEmail: email('Recipient e-mail'),
  deliveryAddress: required('Delivery address', 300),
  requiredBy: z.coerce.date({ error: 'Required-by must be a valid date and time' }),
  packageType: upperEnum(PACKAGE_TYPES, 'Package type'),
  packageSize: z.preprocess(
    (v) => (typeof v === 'string' ? v.toLowerCase() : v),
    z.enum(PACKAGE_SIZES, { error: `Package size must be one of ${PACKAGE_SIZES.join(', ')}` }),
  ),
  deliveryType: upperEnum(DELIVERY_TYPES, 'Delivery type'),
  specialInstructions: note('Special instructions', 1000).optional().default(''),
  priority: z.preprocess(
    (v) => (v === '' || v === undefined ? 'routine' : typeof v === 'string' ? v.toLowerCase() : v),
    z.enum(PRIORITIES, { error: `Priority must be one of ${PRIORITIES.join(', ')}` }),
  ),
  temperature: z.preprocess(
    (v) => (v === '' || v === undefined ? 'ambient' : typeof v === 'string' ? v.toLowerCase() : v),
    z.enum(TEMPERATURE_CLASSES, { error: `Temperature must be one of ${TEMPERATURE_CLASSES.join(', ')}` }),
  ),
  controlledSubstance: z.preprocess(
    fromFormText,
    z.boolean({ error: 'Controlled substance must be true or false' }).optional().default(false),
  ),
  specimen: z.preprocess(fromFormText, ZSpecimenRequest.optional()),
  /** The customer's PO or cost-centre reference, printed on the invoice line; required when the account says so. */
  reference: z.preprocess((v) => (v === '' || v === null ? undefined : v), line('Reference', REFERENCE_MAX).optional()),
  /** 1 to 99 pieces (a list, its JSON text, or a count); without it, one piece of the package type's kind. */
  pieces: z.preprocess(piecesFromField, ZPiecesRequest.optional()),
});
export type TCreateDeliveryRequest = z.infer<typeof ZCreateDeliveryRequest>;

/** E-mail updates need an address to go to. */
export function needsOptinEmail(o: { email?: string; consent?: { email?: boolean } }, ctx: z.RefinementCtx) {
  if (o.consent?.email && !o.email) ctx.addIssue({ code: 'custom', path: ['email'], message: MESSAGES.optinEmailRequired });
}

export const ZOptinRequest = z
  .object({
    phone: safeText('Phone', MESSAGES.phoneRequired).trim().min(1, MESSAGES.phoneRequired).refine(isValidPhone, MESSAGES.phoneInvalid),
    company: line('Company', 120).optional(),
    consent: z
      .object({ sms: z.boolean(), email: z.boolean(), marketing: z.boolean() })
      .refine((c) => c.sms || c.email || c.marketing, MESSAGES.optinPreferenceRequired),
    /** Where e-mail updates go: required (and checked by the one e-mail rule) when they are ticked. */
    email: z.preprocess((v: string | undefined) => (v === '' ? undefined : v), email('Email').optional()),
    source: z.enum(['page', 'banner']).optional(),
  })
  .superRefine(needsOptinEmail);
export type TOptinRequest = z.infer<typeof ZOptinRequest>;

export const ZFeedbackRequest = z.object({
  rating: z
    .number({ error: MESSAGES.feedbackRatingRequired })
    .int()
    .min(1, MESSAGES.feedbackRatingRequired)
    .max(5, 'Rating must be from 1 to 5'),
  comment: note('Comment', FEEDBACK_COMMENT_MAX).optional().default(''),
});
export type TFeedbackRequest = z.infer<typeof ZFeedbackRequest>;

/** `:id` of a route: an opaque id or tracking number, printable text only. */
export const ZIdParams = z.object({ id: safeText('Id').max(64) });
/** `:id` of a staff, driver or admin route, looked up as given. */
export const ZAnyIdParams = z.object({ id: z.string().max(64) });
/** `:trackingNumber` of a public route, normalised by the use case. */
export const ZTrackingNumberParams = z.object({ trackingNumber: safeText('Tracking number') });
/** GET /api/v1/deliveries/track?trackingNumber=: the number as a search form sends it. */
export const ZTrackingNumberQuery = z.object({ trackingNumber: safeText('Tracking number').max(64).optional() });

/** The body of a server-sent event stream, for the document: `id`, `event` and `data` lines, one JSON object per event. */
export const ZEventStream = z
  .string()
  .describe('text/event-stream: frames of `id: <n>`, `event: <type>` and `data: <JSON>` lines, with comment lines as heartbeat');
/** An optional Idempotency-Key header: a retried request with the same key gets the first answer. */
export const ZIdempotencyHeaders = z.object({ 'idempotency-key': z.string().max(200).optional() }).passthrough();
/** The one-line success answer of routes that return no resource. */
export const ZMessageResponse = z.object({ success: z.literal(true), message: z.string() });
export type TMessageResponse = z.infer<typeof ZMessageResponse>;
