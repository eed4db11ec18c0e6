import { AUTH_ERRORS, type TErrorCode } from '@courier/contract';

const STATUS_BY_CODE: Record<TErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  TOKEN_EXPIRED: 401,
  TOKEN_INVALID: 401,
  VERIFICATION_REQUIRED: 403,
  FORBIDDEN: 403,
  MODULE_FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  DELIVERY_CANCELLED: 409,
  ATTEMPTS_EXHAUSTED: 409,
  OUTSIDE_SERVICE_AREA: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  IMPORT_INVALID: 422,
  IDEMPOTENCY_KEY_REUSED: 422,
  ROUTE_PLAN_STALE: 409,
  ROUTE_PLAN_APPLIED: 409,
  READING_TIME_REFUSED: 422,
  NO_DRIVER_FITS: 409,
  CREDIT_LIMIT_EXCEEDED: 409,
  LAST_OWNER: 409,
  INVITATION_INVALID: 400,
  CCF_MISMATCH: 409,
  SEAL_BROKEN: 409,
};

/** The one error type use cases throw; its message is safe to show to the client. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: TErrorCode,
    message: string,
    readonly details?: { field?: string; headers?: Record<string, string>; retryAfter?: number },
  ) {
    super(message);
    this.statusCode = STATUS_BY_CODE[code];
  }
}

// The session's 401 messages (expired, invalid, missing token) and the codes the client acts on.
const TOKEN_CODES: Record<string, TErrorCode> = {
  [AUTH_ERRORS.expired]: 'TOKEN_EXPIRED',
  [AUTH_ERRORS.invalid]: 'TOKEN_INVALID',
  [AUTH_ERRORS.missing]: 'TOKEN_INVALID',
};

export const badRequest = (message: string, field?: string) => new AppError('BAD_REQUEST', message, { field });
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const forbidden = (message = 'You do not have permission to do this') => new AppError('FORBIDDEN', message);
/** A 401; one of AUTH_ERRORS' messages gets the token code that tells the client to refresh or end the session. */
export const unauthorized = (message: string) => new AppError(TOKEN_CODES[message] ?? 'UNAUTHORIZED', message);
/** A 429 that says when to come back, in the Retry-After header and the body. */
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', message, { retryAfter: retryAfterSeconds });
