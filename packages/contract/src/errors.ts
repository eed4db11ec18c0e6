/** Error codes shared by server and client; the body is always {success: false, message, error?}. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
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
export type TErrorCode = (typeof ERROR_CODES)[number];

export interface TErrorBody {
  success: false;
  message: string;
  error?: string;
}
