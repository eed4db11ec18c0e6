import { MESSAGES, type TOptinSource } from '@courier/contract';
import { useMutation } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';

export interface TOptinPayload {
  phone: string;
  company?: string;
  consent: { sms: boolean; email: boolean; marketing: boolean };
  source: TOptinSource;
}

export interface TOptinResponse {
  success: boolean;
  message?: string;
}

/** A 400 names each bad field; its first message is the SPEC text ('Please enter a valid phone number'). */
interface TFieldErrors {
  errors?: { field?: string; message?: string }[];
}

/** Records SMS / e-mail / service-update consent: POST /api/v1/optform. */
export const subscribeOptin = (payload: TOptinPayload) => api.post<TOptinResponse>('/v1/optform', payload);

/**
 * Sends the opt-in and reads the answer as SPEC section 8 says: success false is a failure with its own
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
  if (!isApiError(error) || error.status !== 400) return undefined;
  return (error.data as TFieldErrors | undefined)?.errors?.[0]?.field || undefined;
}

/** What to show when an opt-in fails (SPEC section 8). */
export function optinErrorMessage(error: unknown): string {
  if (error instanceof OptinRejected) return error.message;
  if (isApiError(error)) {
    const first = error.status === 400 ? (error.data as TFieldErrors | undefined)?.errors?.[0]?.message : undefined;
    return first || error.serverMessage || MESSAGES.optinError;
  }
  return MESSAGES.optinError;
}

export function useSubscribeOptin() {
  return useMutation({ mutationFn: submitOptin });
}
