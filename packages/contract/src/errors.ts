import { z } from 'zod';

/** Error codes shared by server and client: the client branches on these, never on the wording of a message. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  /** The access token has expired: the client refreshes once and retries. */
  'TOKEN_EXPIRED',
  /** The access token is missing, malformed or revoked: the client ends the session. */
  'TOKEN_INVALID',
  /** Login with the right password on an unverified e-mail: the e-mail code step follows. */
  'VERIFICATION_REQUIRED',
  'FORBIDDEN',
  'MODULE_FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  /** 409: the delivery was cancelled, so it has no label (or other parcel paperwork). */
  'DELIVERY_CANCELLED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL',
  'UNAVAILABLE',
] as const;
export const ZErrorCode = z.enum(ERROR_CODES);
export type TErrorCode = z.infer<typeof ZErrorCode>;

export const isErrorCode = (value: unknown): value is TErrorCode => ZErrorCode.safeParse(value).success;

/** The code a bare HTTP status stands for: for failures that carry a status only (Fastify's own, another server's). */
export function codeOfStatus(status: number): TErrorCode {
  const byStatus: Partial<Record<number, TErrorCode>> = {
    401: 'UNAUTHORIZED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    409: 'CONFLICT',
    413: 'PAYLOAD_TOO_LARGE',
    415: 'UNSUPPORTED_MEDIA_TYPE',
    429: 'RATE_LIMITED',
    503: 'UNAVAILABLE',
  };
  return byStatus[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
}

export const ZFieldIssue = z.object({ field: z.string(), message: z.string() });
export type TFieldIssue = z.infer<typeof ZFieldIssue>;

/**
 * The body of every 4xx and 5xx answer, Fastify's own included. `field` names the offending input of a
 * validation error (its first issue; all of them in `errors`); `retryAfter` (seconds) sits beside the
 * Retry-After header of a 429.
 */
export const ZErrorBody = z.object({
  success: z.literal(false),
  message: z.string().min(1),
  error: ZErrorCode,
  field: z.string().optional(),
  errors: z.array(ZFieldIssue).optional(),
  retryAfter: z.number().int().nonnegative().optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;
