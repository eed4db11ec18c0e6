import { MESSAGES } from '@courier/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { optinErrorField, optinErrorMessage, submitOptin } from './subscribe-optin';

const payload = { phone: '+16175550100', consent: { sms: true, email: false, marketing: false }, source: 'banner' as const };

/** The server's answer, at the network boundary. */
function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('opt-in submission', () => {
  it('resolves with the server message on success', async () => {
    answer(200, { success: true, message: 'Your communication preferences have been saved.' });
    await expect(submitOptin(payload)).resolves.toBe('Your communication preferences have been saved.');
  });

  it("treats success false as a failure with its message, or 'Failed to subscribe'", async () => {
    answer(200, { success: false, message: 'That number cannot receive texts' });
    const withMessage = await submitOptin(payload).catch((error: unknown) => error);
    expect(optinErrorMessage(withMessage)).toBe('That number cannot receive texts');

    answer(200, { success: false });
    const bare = await submitOptin(payload).catch((error: unknown) => error);
    expect(optinErrorMessage(bare)).toBe(MESSAGES.optinFailed);
  });

  it("shows a 400's first field message, the page's fixed text, and names the field", async () => {
    answer(400, {
      success: false,
      message: `phone: ${MESSAGES.phoneInvalid}`,
      errors: [{ field: 'phone', message: MESSAGES.phoneInvalid }],
    });
    const error = await submitOptin(payload).catch((failure: unknown) => failure);
    expect(optinErrorMessage(error)).toBe(MESSAGES.phoneInvalid);
    expect(optinErrorField(error)).toBe('phone');
  });

  it('shows the server message of other failures (429), else the generic one', () => {
    expect(
      optinErrorMessage(
        new ApiError(429, 'Too many requests. Please try again later.', { message: 'Too many requests. Please try again later.' }),
      ),
    ).toBe('Too many requests. Please try again later.');
    expect(optinErrorMessage(new ApiError(0, 'Failed to fetch'))).toBe(MESSAGES.optinError);
    expect(optinErrorMessage(new ApiError(502, 'Bad Gateway', '<html>'))).toBe(MESSAGES.optinError);
    expect(optinErrorMessage(new TypeError('boom'))).toBe(MESSAGES.optinError);
  });
});
