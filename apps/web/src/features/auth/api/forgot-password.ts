import type { TForgotPasswordRequest, TMessageResponse } from '@courier/contract';
import { MESSAGES } from '@courier/contract';
import { useMutation } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';

export const forgotPassword = (input: TForgotPasswordRequest) => api.post<TMessageResponse>('/v1/auth/forgot-password', input);

/** The server's message, else 'Failed to request password reset'. */
export const forgotPasswordErrorMessage = (error: unknown): string =>
  (isApiError(error) && error.status !== 0 && error.serverMessage) || MESSAGES.forgotFailed;

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
