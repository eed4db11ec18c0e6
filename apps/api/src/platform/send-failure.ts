/** A refusal that no retry will change (a mailbox that does not exist, a number that cannot take SMS). */
export class PermanentSendError extends Error {
  readonly permanent = true;
}

/** HTTP answers of an SMS provider that mean "this message will never go": bad request, not found, gone, unprocessable. */
export const PERMANENT_HTTP_STATUSES: ReadonlySet<number> = new Set([400, 404, 410, 422]);

/**
 * Whether a failed send is final: our own PermanentSendError, or an SMTP 5xx reply (nodemailer puts the
 * server's code in responseCode; 4xx and connection failures are temporary and retried).
 */
export function isPermanentSendFailure(err: unknown): boolean {
  if (err instanceof PermanentSendError) return true;
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
