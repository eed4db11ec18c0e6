import { MESSAGES, type TFeedbackRequest, type TFeedbackResponse } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { orderDetailsQueryOptions } from '@/domain/tracking/api/get-order-details';

/** POST /api/v1/deliveries/track/{orderId}/feedback. */
export const submitFeedback = (orderId: string, feedback: TFeedbackRequest) =>
  api.post<TFeedbackResponse>(`/v1/deliveries/track/${encodeURIComponent(orderId)}/feedback`, feedback);

/**
 * 'Failed to submit feedback. Please try again.', except where the server says why it
 * refused (not delivered yet, already rated, a field it rejected).
 */
export function feedbackErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === 'CONFLICT' || error.code === 'RATE_LIMITED') return error.serverMessage ?? MESSAGES.feedbackFailed;
    if (error.code === 'BAD_REQUEST') return error.fieldMessage ?? error.serverMessage ?? MESSAGES.feedbackFailed;
  }
  return MESSAGES.feedbackFailed;
}

export function useSubmitFeedback(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (feedback: TFeedbackRequest) => submitFeedback(orderId, feedback),
    // Whatever the answer, the order's feedback state may have changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderDetailsQueryOptions(orderId).queryKey }),
  });
}
