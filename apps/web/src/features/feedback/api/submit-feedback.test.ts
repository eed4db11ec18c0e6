import { MESSAGES } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { feedbackErrorMessage } from './submit-feedback';

const refused = (status: number, body: unknown) => new ApiError(status, (body as { message?: string })?.message ?? 'x', body);

describe('feedbackErrorMessage', () => {
  it('says why the server refused: not delivered yet, or already rated', () => {
    expect(feedbackErrorMessage(refused(409, { success: false, message: 'Feedback can be left once the delivery is delivered' }))).toBe(
      'Feedback can be left once the delivery is delivered',
    );
    expect(feedbackErrorMessage(refused(409, { success: false, message: 'Feedback has already been submitted for this delivery' }))).toBe(
      'Feedback has already been submitted for this delivery',
    );
  });

  it('shows the first field message of a 400', () => {
    const body = {
      success: false,
      message: 'rating: Please select a rating before submitting',
      errors: [{ message: MESSAGES.feedbackRatingRequired }],
    };
    expect(feedbackErrorMessage(refused(400, body))).toBe(MESSAGES.feedbackRatingRequired);
  });

  it('uses the fixed failure message for anything else', () => {
    expect(feedbackErrorMessage(refused(500, { success: false, message: 'Internal error' }))).toBe(MESSAGES.feedbackFailed);
    expect(feedbackErrorMessage(new ApiError(0, 'Failed to fetch', undefined))).toBe(MESSAGES.feedbackFailed);
    expect(feedbackErrorMessage(new Error('boom'))).toBe(MESSAGES.feedbackFailed);
  });
});
