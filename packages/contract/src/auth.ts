import { z } from 'zod';
import { ZInvitationToken } from './accounts.js';
import { MESSAGES } from './messages.js';
import { isValidContactPhone } from './phone.js';
import { passwordField, ZLoginRequest, ZSignupPassword } from './schemas.js';
import { line, safeText } from './text.js';

/** Request and response shapes of the account calls (/api/v1/auth/...). */

const email = ZLoginRequest.shape.email;
const requiredText = (label: string, max: number) => line(label, max).min(1, `${label} is required`);

export const OTP_LENGTH = 6;

export const ZVerifyOtpRequest = z.object({
  email,
  otp: safeText('Code')
    .trim()
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `Code must be ${OTP_LENGTH} digits`),
});
export type TVerifyOtpRequest = z.infer<typeof ZVerifyOtpRequest>;

export const ZResendOtpRequest = z.object({ email });
export type TResendOtpRequest = z.infer<typeof ZResendOtpRequest>;

export const ZRefreshTokenRequest = z.object({
  refreshToken: safeText('Refresh token').min(1, 'Refresh token is required').max(200),
});
export type TRefreshTokenRequest = z.infer<typeof ZRefreshTokenRequest>;

/**
 * Logout never fails for want of a token, whatever the body holds: the Bearer token's session ends on the
 * server, and the session ends on the client whatever happens.
 */
export const ZLogoutRequest = z
  .object({ refreshToken: safeText('Refresh token').max(200).optional().catch(undefined) })
  .nullish()
  .catch(undefined);
export type TLogoutRequest = z.infer<typeof ZLogoutRequest>;

export const ZForgotPasswordRequest = z.object({ email });
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

/** The reset form itself shows no strength rule, but the server applies the sign-up policy. */
export const ZResetPasswordRequest = z.object({
  token: safeText('Token', MESSAGES.resetTokenMissing).trim().min(1, MESSAGES.resetTokenMissing).max(200),
  newPassword: ZSignupPassword,
});
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

/** The one password rule (sign-up's, with its messages); account settings lists it under 'Password must:'. */
export const ZChangePasswordNew = passwordField('New password');

export const ZChangePasswordRequest = z.object({
  currentPassword: safeText('Current password').min(1, 'Current password is required').max(128),
  newPassword: ZChangePasswordNew,
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ORGANISATION_MAX = 120;

/** Only these fields can be changed here; anything else sent is dropped. An absent organisation is kept. */
export const ZUpdateProfileRequest = z.object({
  firstName: requiredText('First name', 80),
  lastName: requiredText('Last name', 80),
  phone: requiredText('Phone', 25).refine(isValidContactPhone, 'Phone must be a valid phone number'),
  organisation: line('Organisation', ORGANISATION_MAX).optional(),
});
export type TUpdateProfileRequest = z.infer<typeof ZUpdateProfileRequest>;

/** The moves a customer may hear of by e-mail (the booking's own confirmation always goes while emailUpdates is on). */
export const EMAIL_NOTICE_EVENTS = [
  'approved',
  'assigned',
  'picked_up',
  'delivered',
  'cancelled',
  'late',
  'failed_attempt',
  'reattempt',
  'returning',
  'returned',
] as const;
export type TEmailNoticeEvent = (typeof EMAIL_NOTICE_EVENTS)[number];
/** Picked up, delivered and the exceptions: one delivery no longer sends an e-mail per move. */
export const DEFAULT_EMAIL_NOTICE_EVENTS: readonly TEmailNoticeEvent[] = EMAIL_NOTICE_EVENTS.filter(
  (event) => event !== 'approved' && event !== 'assigned',
);
export const EMAIL_NOTICE_LABELS: Record<TEmailNoticeEvent, string> = {
  approved: 'Request approved',
  assigned: 'Driver assigned',
  picked_up: 'Picked up',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  late: 'Running late',
  failed_attempt: 'Delivery attempt failed',
  reattempt: 'New delivery attempt',
  returning: 'Returning to sender',
  returned: 'Returned to sender',
};

const ZEmailNoticeEvents = z
  .array(z.enum(EMAIL_NOTICE_EVENTS, { error: `emailEvents must hold only ${EMAIL_NOTICE_EVENTS.join(', ')}` }), {
    error: 'emailEvents must be a list',
  })
  .max(EMAIL_NOTICE_EVENTS.length * 2);

/** The account's on/off switches for updates, plus which moves send an e-mail while emailUpdates is on. */
export const ZNotificationPreferences = z.object({
  emailUpdates: z.boolean(),
  smsUpdates: z.boolean(),
  marketingEmails: z.boolean(),
  emailEvents: z.array(z.enum(EMAIL_NOTICE_EVENTS)),
});
export type TNotificationPreferencesShape = z.infer<typeof ZNotificationPreferences>;

/** A PATCH: the flags sent are changed, the others kept. */
export const ZUpdateNotificationPreferencesRequest = z
  .object({
    emailUpdates: z.boolean({ error: 'emailUpdates must be true or false' }).optional(),
    smsUpdates: z.boolean({ error: 'smsUpdates must be true or false' }).optional(),
    marketingEmails: z.boolean({ error: 'marketingEmails must be true or false' }).optional(),
    emailEvents: ZEmailNoticeEvents.optional(),
  })
  .refine(
    (p) => Object.values(p).some((v) => v !== undefined),
    'Send at least one of emailUpdates, smsUpdates, marketingEmails, emailEvents',
  );
export type TUpdateNotificationPreferencesRequest = z.infer<typeof ZUpdateNotificationPreferencesRequest>;

/** The user as every account call returns it: a whitelist, never the row. */
export const ZPublicUser = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  /** One of ACCOUNT_TYPES for customers; null for staff and drivers. */
  accountType: z.string().nullable(),
  /** The clinic, lab or pharmacy the customer books for; '' when none. */
  organisation: z.string(),
  picture: z.string().nullable(),
  roleId: z.string(),
  createdAt: z.string(),
  isDeleted: z.boolean(),
  notificationPreferences: ZNotificationPreferences,
  emailVerified: z.boolean(),
});
export type TPublicUser = z.infer<typeof ZPublicUser>;

export const ZSessionTokens = z.object({ token: z.string(), refreshToken: z.string() });

/** POST /v1/auth/login and /v1/auth/verify-otp when signed in. */
export const ZLoginSuccess = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ token: z.string(), refreshToken: z.string(), user: ZPublicUser }),
});
export type TLoginSuccess = z.infer<typeof ZLoginSuccess>;

/** POST /v1/auth/login with the right password on an unverified e-mail: the message contains "verify" (the web looks for it), the code says so too. */
export const ZLoginVerificationRequired = z.object({
  success: z.literal(false),
  message: z.string(),
  error: z.literal('VERIFICATION_REQUIRED'),
  data: z.object({ user: z.object({ email: z.string() }) }),
});
export type TLoginVerificationRequired = z.infer<typeof ZLoginVerificationRequired>;

/** Response shapes of the account routes: each lists its fields, nothing else leaves. */
export const ZLoginResponse = z.union([ZLoginSuccess, ZLoginVerificationRequired]);
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const ZRefreshResponse = z.object({ success: z.literal(true), token: z.string(), refreshToken: z.string() });
export type TRefreshResponse = z.infer<typeof ZRefreshResponse>;

export const ZMeResponse = z.object({ success: z.literal(true), data: ZPublicUser });
export type TMeResponse = z.infer<typeof ZMeResponse>;

export const ZProfileResponse = z.object({ success: z.literal(true), message: z.string(), data: ZPublicUser });
export type TProfileResponse = z.infer<typeof ZProfileResponse>;

export const ZPreferencesResponse = z.object({ success: z.literal(true), message: z.string(), data: ZNotificationPreferences });
export type TPreferencesResponse = z.infer<typeof ZPreferencesResponse>;

export const ZVerifyEmailQuery = z.object({ token: safeText('Token').max(200).optional() });
export type TVerifyEmailQuery = z.infer<typeof ZVerifyEmailQuery>;

/** POST /api/v1/account/invitations/register: a new person sets their name and password through the link. */
export const ZRegisterByInvitationRequest = z.object({
  token: ZInvitationToken,
  firstName: z.string().trim().min(1, 'First name is required').max(80),
  lastName: z.string().trim().min(1, 'Last name is required').max(80),
  password: ZSignupPassword,
});
export type TRegisterByInvitationRequest = z.infer<typeof ZRegisterByInvitationRequest>;
