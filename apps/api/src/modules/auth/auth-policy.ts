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
  lockAfterFailures: 10,
  failureWindowMs: 15 * MINUTE,
  lockMs: 15 * MINUTE,
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
