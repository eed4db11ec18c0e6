import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from './api-client';

describe('errorMessage', () => {
  it("prefers the server's error text, then its message", () => {
    expect(errorMessage(new ApiError(400, 'x', { message: 'Bad', error: 'Recipient e-mail is taken' }), 'Default')).toBe(
      'Recipient e-mail is taken',
    );
    expect(
      errorMessage(new ApiError(409, 'x', { message: 'Only a pending delivery can be cancelled', error: 'CONFLICT' }), 'Default'),
    ).toBe('Only a pending delivery can be cancelled');
  });

  it("falls back to the client's message, then the default", () => {
    expect(errorMessage(new Error('Invalid response from server'), 'Default')).toBe('Invalid response from server');
    expect(errorMessage(new ApiError(0, 'Failed to fetch'), 'Default')).toBe('Default');
    expect(errorMessage(undefined, 'Default')).toBe('Default');
  });
});
