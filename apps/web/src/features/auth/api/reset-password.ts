import { MESSAGES, type TErrorBody, type TMessageResponse, type TResetPasswordRequest } from '@courier/contract';
import { useMutation } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';

/** A 2xx answer with success false is still a failure carrying its message. */
export async function resetPassword(input: TResetPasswordRequest): Promise<TMessageResponse> {
  const response = await api.post<TMessageResponse | TErrorBody>('/v1/auth/reset-password', input);
  if (response && response.success === false) throw new Error(response.message || MESSAGES.resetFailed);
  return response;
}

/** The server's message, else 'An error occurred during password reset'. */
export function resetPasswordErrorMessage(error: unknown): string {
  if (isApiError(error)) return (error.status !== 0 && error.serverMessage) || MESSAGES.resetFailed;
  return (error instanceof Error && error.message) || MESSAGES.resetFailed;
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
