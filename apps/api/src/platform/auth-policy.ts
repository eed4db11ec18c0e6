/** Lifetimes and limits of the account flows, in one place. */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const AUTH_POLICY = {
  refreshTokenTtlMs: 30 * 24 * HOUR,
  verifyEmailTtlMs: 24 * HOUR,
  resetPasswordTtlMs: HOUR,
  loginCodeTtlMs: 10 * MINUTE,
  loginCodeMaxTries: 5,
  /** A new sign-in code no sooner than this after the last one. */
  loginCodeCooldownMs: MINUTE,
  /** At most this many sign-in codes per account per hour. */
  loginCodesPerHour: 5,
  /** resend-otp only works while a code issued after a right password is this recent. */
  loginCodeResendWindowMs: HOUR,
  resetEmailCooldownMs: MINUTE,
  /**
   * Failed sign-ins count per e-mail and client address together, whether the e-mail has an account or not:
   * the 10th failure within 15 minutes from one address locks that address out of that e-mail (403 with MESSAGES' lockout text)
   * until the oldest of them is 15 minutes old; a sign-in from that address starts the count again. Other
   * addresses, the owner's among them, are not affected.
   */
  lockAfterFailures: 10,
  failureWindowMs: 15 * MINUTE,
  /**
   * The slow, account-wide limit against guessing from many addresses: after 100 failures in an hour from all
   * addresses together, only addresses that signed in to the account in the last 30 days may still try.
   * One address alone cannot reach it (at most 10 failures per 15 minutes, 40 an hour).
   */
  accountFailuresPerHour: 100,
  accountFailureWindowMs: HOUR,
  trustedAddressMs: 30 * 24 * HOUR,
  /** At most one 'someone tried to sign up with your e-mail' message per account in this time. */
  signupNoticeCooldownMs: 15 * MINUTE,
} as const;

/** Per-address limits (@fastify/rate-limit, shared through Redis when REDIS_URL is set). */
export const RATE_LIMITS = {
  login: { max: 100, timeWindow: 15 * MINUTE },
  register: { max: 20, timeWindow: HOUR },
  verifyOtp: { max: 100, timeWindow: 15 * MINUTE },
  resendOtp: { max: 20, timeWindow: 15 * MINUTE },
  forgotPassword: { max: 20, timeWindow: 15 * MINUTE },
  resetPassword: { max: 50, timeWindow: 15 * MINUTE },
  refresh: { max: 300, timeWindow: 15 * MINUTE },
} as const;
