import { MESSAGES, type TOptinRequest, type TOptinResponse, type TOptinSource } from '@courier/contract';
import { useMutation } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';

/** The contract's opt-in request, always naming where it was given. */
export type TOptinPayload = TOptinRequest & { source: TOptinSource };

/** Records SMS / e-mail / service-update consent: POST /api/v1/optform. */
export const subscribeOptin = (payload: TOptinPayload) => api.post<TOptinResponse>('/v1/optform', payload);

/**
 * Sends the opt-in and reads the answer: success false is a failure with its own
 * message or 'Failed to subscribe'. Resolves with the success message.
 */
export async function submitOptin(payload: TOptinPayload): Promise<string> {
  const response = await subscribeOptin(payload);
  if (!response?.success) throw new OptinRejected(response?.message || MESSAGES.optinFailed);
  return response.message ?? '';
}

class OptinRejected extends Error {}

/** The first field the server rejected ('phone', 'consent', ...), when it said so. */
export function optinErrorField(error: unknown): string | undefined {
  if (!isApiError(error) || error.code !== 'BAD_REQUEST') return undefined;
  return error.field;
}

/** What to show when an opt-in fails. */
export function optinErrorMessage(error: unknown): string {
  if (error instanceof OptinRejected) return error.message;
  if (isApiError(error)) {
    // A 400's first issue is the page's fixed text ('Please enter a valid phone number').
    const first = error.code === 'BAD_REQUEST' ? error.fieldMessage : undefined;
    return first || error.serverMessage || MESSAGES.optinError;
  }
  return MESSAGES.optinError;
}

export function useSubscribeOptin() {
  return useMutation({ mutationFn: submitOptin });
}
