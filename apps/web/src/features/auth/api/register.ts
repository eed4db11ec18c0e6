import { MESSAGES, type TMessageResponse, type TRegisterRequest } from '@courier/contract';
import { useMutation } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';

/** The contract's registration request; roleId is always the fixed customer role id. */
export type TRegistration = Omit<TRegisterRequest, 'roleId'> & { roleId: string };

/** Any data in the answer counts as success; an empty answer is a failure. */
export async function register(registration: TRegistration): Promise<TMessageResponse> {
  const response = await api.post<TMessageResponse | undefined>('/v1/auth/register', registration);
  if (!response) throw new Error(MESSAGES.signupFailed);
  return response;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);

/** The sign-up errors and the message each shows. */
export function registrationErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    const body = (error.data ?? {}) as { info?: unknown; message?: unknown; error?: unknown };
    if (error.status === 0) return MESSAGES.signupNoResponse;
    if (error.code === 'CONFLICT') return text(body.info) ?? text(body.message) ?? MESSAGES.signup409;
    return text(body.message) ?? text(body.error) ?? MESSAGES.signupServerError;
  }
  if (error instanceof Error) return error.message || MESSAGES.signupUnexpected;
  return MESSAGES.signupFailed;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
