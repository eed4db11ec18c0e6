import { MESSAGES, type TErrorBody } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorMessage, waitText } from './error-message';

const failure = (status: number, body: TErrorBody) => new ApiError(status, body.message, body);

describe('errorMessage reads the code, then shows the message fixed for it', () => {
  it("shows the server's message for a code that names a refusal", () => {
    const conflict = failure(409, { success: false, message: 'Only a pending delivery can be cancelled', error: 'CONFLICT' });
    expect(errorMessage(conflict, 'Default')).toBe('Only a pending delivery can be cancelled');
    const invalid = failure(400, { success: false, message: 'phone: Phone is required', error: 'BAD_REQUEST', field: 'phone' });
    expect(errorMessage(invalid, MESSAGES.profileUpdateFailed)).toBe('phone: Phone is required');
  });

  it("gives the page's fixed fallback for a server fault, whatever its message", () => {
    const crash = failure(500, { success: false, message: 'Something went wrong. Please try again.', error: 'INTERNAL' });
    expect(errorMessage(crash, 'Failed to fetch deliveries')).toBe('Failed to fetch deliveries');
    const down = failure(503, { success: false, message: 'Something went wrong. Please try again.', error: 'UNAVAILABLE' });
    expect(errorMessage(down, 'Failed to load dashboard data')).toBe('Failed to load dashboard data');
  });

  it('says how long to wait on a 429', () => {
    const limited = failure(429, {
      success: false,
      message: 'Too many requests. Please try again later.',
      error: 'RATE_LIMITED',
      retryAfter: 42,
    });
    expect(errorMessage(limited, 'Default')).toBe('Too many requests. Please try again later. Try again in 42 seconds.');
    expect(waitText(1)).toBe('1 second');
    expect(waitText(600)).toBe('10 minutes');
  });

  it("takes another server's readable error field first, then the message, then the client's, then the default", () => {
    expect(errorMessage(new ApiError(400, 'x', { message: 'Bad', error: 'Recipient e-mail is taken' }), 'Default')).toBe(
      'Recipient e-mail is taken',
    );
    expect(errorMessage(new Error('Invalid response from server'), 'Default')).toBe('Invalid response from server');
    expect(errorMessage(new ApiError(0, 'Failed to fetch'), 'Default')).toBe('Default');
    expect(errorMessage(undefined, 'Default')).toBe('Default');
  });
});
