import type { TErrorCode } from '@courier/contract';

/*
 * The contract's error codes as plain data. Its errors.ts defines zod schemas beside them, so a value
 * imported from there puts zod (26 kB gzip) on every page through the api client. The Record type fails
 * the typecheck when the contract gains or drops a code; error-codes.test.ts pins codeOfStatus to it.
 */
const ERROR_CODE_SET: Record<TErrorCode, true> = {
  BAD_REQUEST: true,
  UNAUTHORIZED: true,
  TOKEN_EXPIRED: true,
  TOKEN_INVALID: true,
  VERIFICATION_REQUIRED: true,
  FORBIDDEN: true,
  MODULE_FORBIDDEN: true,
  NOT_FOUND: true,
  CONFLICT: true,
  DELIVERY_CANCELLED: true,
  PAYLOAD_TOO_LARGE: true,
  UNSUPPORTED_MEDIA_TYPE: true,
  RATE_LIMITED: true,
  INTERNAL: true,
  UNAVAILABLE: true,
};

export const isErrorCode = (value: unknown): value is TErrorCode => typeof value === 'string' && Object.hasOwn(ERROR_CODE_SET, value);

const CODE_OF_STATUS: Partial<Record<number, TErrorCode>> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
};

/** The code a bare HTTP status stands for (the contract's codeOfStatus). */
export function codeOfStatus(status: number): TErrorCode {
  return CODE_OF_STATUS[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
}
