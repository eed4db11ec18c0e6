import { isErrorCode } from '@courier/contract';
import { ApiError } from './api-client';

/** "42 seconds", "3 minutes": how long a 429 asks to wait. */
export function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

/**
 * The one reader of failures (signed-in area): the server's error field first, then its
 * message, then the client's own message, then `fallback`. The error field is a contract code, so it decides
 * what to show rather than being shown: a server fault or no answer at all gets the page's fallback, a 429
 * says how long to wait, any other code shows the server's message. A non-code error field (another
 * server) is still shown as it is.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return fallback;
    switch (error.code) {
      case 'INTERNAL':
      case 'UNAVAILABLE':
        return fallback;
      case 'RATE_LIMITED': {
        const message = error.serverMessage ?? fallback;
        return error.retryAfter ? `${message} Try again in ${waitText(error.retryAfter)}.` : message;
      }
      default: {
        // Another server's error field may be text meant for people: shown first, as promised to people.
        const text = error.error;
        if (text && !isErrorCode(text) && !/^[A-Z0-9_]+$/.test(text)) return text;
        return error.serverMessage ?? fallback;
      }
    }
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
