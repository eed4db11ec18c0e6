/*
 * Error codes shared by server and client: the client branches on these, never on the wording of a message.
 * Plain data, without zod: the web app's api client imports them on every page, and a zod schema beside them
 * would ride along (26 kB gzip) into the first page's JavaScript.
 */
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
  /** 409: the delivery has had MAX_DELIVERY_ATTEMPTS failed attempts: only a return is offered now. */
  'ATTEMPTS_EXHAUSTED',
  /** 400: a pickup or drop-off outside SERVICE_AREA_STATES; `field` names which. */
  'OUTSIDE_SERVICE_AREA',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL',
  'UNAVAILABLE',
  /** 422: an import where some rows are bad; `errors` lists each by line and field, and nothing was created. */
  'IMPORT_INVALID',
  /** 422: an Idempotency-Key already used for a different request (another body or call); use a new key. */
  'IDEMPOTENCY_KEY_REUSED',
  /** 409: a job of a route plan moved (status, driver or any change) since its preview: plan again. */
  'ROUTE_PLAN_STALE',
  /** 409: the route plan was applied already. */
  'ROUTE_PLAN_APPLIED',
  /** 422: a temperature reading dated before the parcel's pickup or in the future; `field` names `at` or the log's line. */
  'READING_TIME_REFUSED',
  /** 409: auto-assign found no driver on shift who can take the job within its windows; the reason says why. */
  'NO_DRIVER_FITS',
  /** 409: the booking would take the account past its credit limit under the `enforce` policy; nothing was booked. */
  'CREDIT_LIMIT_EXCEEDED',
  /** 409: the change would leave a customer account without an owner (demoting or removing the last one, or the last owner leaving for another account). */
  'LAST_OWNER',
  /** 400: an account invitation token that is unknown, used, revoked or expired. */
  'INVITATION_INVALID',
  /** 409: a drug test's bottle and its Custody and Control Form carry different numbers: refused at pickup. */
  'CCF_MISMATCH',
  /** 409: a drug test's seal is broken: refused at pickup. */
  'SEAL_BROKEN',
] as const;
export type TErrorCode = (typeof ERROR_CODES)[number];

const CODES: ReadonlySet<string> = new Set(ERROR_CODES);
export const isErrorCode = (value: unknown): value is TErrorCode => typeof value === 'string' && CODES.has(value);

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

/** The code a bare HTTP status stands for: for failures that carry a status only (Fastify's own, another server's). */
export function codeOfStatus(status: number): TErrorCode {
  return CODE_OF_STATUS[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
}
