import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { shouldRetry } from './query-client';

describe('query retries', () => {
  it('retries a 5xx or a network failure once, never twice', () => {
    expect(shouldRetry(0, new ApiError(500, 'Internal'))).toBe(true);
    expect(shouldRetry(1, new ApiError(500, 'Internal'))).toBe(false);
    expect(shouldRetry(0, new ApiError(0, 'Network'))).toBe(true);
    expect(shouldRetry(1, new TypeError('Failed to fetch'))).toBe(false);
  });
  it('never retries a 4xx', () => {
    for (const status of [400, 401, 403, 404, 409, 429]) expect(shouldRetry(0, new ApiError(status, 'No'))).toBe(false);
  });
});
