import { ERROR_CODES } from '@courier/contract';
import { isApiError } from '@/lib/api-client';

const CODES = new Set<string>(ERROR_CODES);

/**
 * What a signed-in page shows for a failure (SPEC section 8): the server's error field, then its message,
 * then the client's own message, then `fallback`. An `error` that is only a code (CONFLICT) says nothing to a
 * person, so the message wins over it; a request that never reached the server gets the fallback.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (isApiError(error)) {
    if (error.status === 0) return fallback;
    const code = error.error;
    if (code && !CODES.has(code) && !/^[A-Z0-9_]+$/.test(code)) return code;
    return error.serverMessage ?? fallback;
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
