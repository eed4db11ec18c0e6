import { z } from 'zod';
import { ACCOUNT_TYPES } from './accounts.js';
import { DELIVERY_TYPES, PACKAGE_SIZES, PACKAGE_TYPES } from './deliveries.js';
import { FEEDBACK_COMMENT_MAX } from './business.js';
import { MESSAGES } from './messages.js';
import { isValidContactPhone, isValidPhone } from './phone.js';
import { SIGNUP_PASSWORD_RULES } from './password.js';
import { isSafeText, safeText, unsafeTextMessage } from './text.js';

const required = (label: string) => safeText(label).trim().min(1, `${label} is required`);
const email = (label = 'Email') =>
  required(label)
    .max(254)
    .pipe(z.email(`${label} must be a valid e-mail address`))
    .transform((e) => e.toLowerCase());
const contactPhone = (label: string) => required(label).max(25).refine(isValidContactPhone, `${label} must be a valid phone number`);

/** Upper-cases enum input so 'document' and 'DOCUMENT' both count (SPEC writes both). */
const upperEnum = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.toUpperCase() : v),
    z.enum(values, { error: `${label} must be one of ${values.join(', ')}` }),
  );

export const ZSignupPassword = SIGNUP_PASSWORD_RULES.reduce(
  (schema, rule) => schema.refine(rule.test, rule.message),
  safeText('Password').max(128, 'Password must be at most 128 characters long'),
);

export const ZLoginRequest = z.object({
  email: email(),
  password: safeText('Password').min(1, 'Password is required').max(128),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZRegisterRequest = z.object({
  email: email(),
  firstName: required('First name').max(80),
  lastName: required('Last name').max(80),
  phone: contactPhone('Phone'),
  password: ZSignupPassword,
  address: required('Address').max(300),
  accountType: z.enum(ACCOUNT_TYPES, { error: `Account type must be one of ${ACCOUNT_TYPES.join(', ')}` }),
  /** Optional: the clinic, lab or pharmacy, printed on labels above the person. */
  organisation: safeText('Organisation').trim().max(120, 'Organisation must be at most 120 characters').optional(),
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
  pickupAddress: required('Pickup address').max(300),
  recipientName: required('Recipient name').max(120),
  recipientPhone: contactPhone('Recipient phone'),
  recipientEmail: email('Recipient e-mail'),
  deliveryAddress: required('Delivery address').max(300),
  requiredBy: z.coerce.date({ error: 'Required-by must be a valid date and time' }),
  packageType: upperEnum(PACKAGE_TYPES, 'Package type'),
  packageSize: z.preprocess(
    (v) => (typeof v === 'string' ? v.toLowerCase() : v),
    z.enum(PACKAGE_SIZES, { error: `Package size must be one of ${PACKAGE_SIZES.join(', ')}` }),
  ),
  deliveryType: upperEnum(DELIVERY_TYPES, 'Delivery type'),
  specialInstructions: safeText('Special instructions')
    .trim()
    .max(1000, 'Special instructions must be at most 1000 characters')
    .optional()
    .default(''),
});
export type TCreateDeliveryRequest = z.infer<typeof ZCreateDeliveryRequest>;

export const ZOptinRequest = z.object({
  phone: safeText('Phone', MESSAGES.phoneRequired).trim().min(1, MESSAGES.phoneRequired).refine(isValidPhone, MESSAGES.phoneInvalid),
  company: safeText('Company').trim().max(120).optional(),
  consent: z
    .object({ sms: z.boolean(), email: z.boolean(), marketing: z.boolean() })
    .refine((c) => c.sms || c.email || c.marketing, MESSAGES.optinPreferenceRequired),
  source: z.enum(['page', 'banner']).optional(),
});
export type TOptinRequest = z.infer<typeof ZOptinRequest>;

export const ZFeedbackRequest = z.object({
  rating: z
    .number({ error: MESSAGES.feedbackRatingRequired })
    .int()
    .min(1, MESSAGES.feedbackRatingRequired)
    .max(5, 'Rating must be from 1 to 5'),
  comment: safeText('Comment')
    .trim()
    .max(FEEDBACK_COMMENT_MAX, `Comment must be at most ${FEEDBACK_COMMENT_MAX} characters`)
    .optional()
    .default(''),
});
export type TFeedbackRequest = z.infer<typeof ZFeedbackRequest>;
