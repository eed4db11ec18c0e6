import { MESSAGES, type TErrorBody, type TMessageResponse } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';

export const verifyEmail = (token: string) => api.get<TMessageResponse | TErrorBody>('/v1/auth/verify-email', { query: { token } });

/**
 * A verification link works once: one query per token, never retried or refetched (React's strict mode
 * mounting twice shares the same request).
 */
export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'verify-email', token],
    queryFn: () => verifyEmail(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnMount: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });

export function useVerifyEmail(token: string | null) {
  return useQuery({ ...verifyEmailQueryOptions(token ?? ''), enabled: !!token });
}

/** The server's message, else 'Email verification failed'. */
export const verifyEmailErrorMessage = (error: unknown): string =>
  (isApiError(error) && error.status !== 0 && error.serverMessage) || MESSAGES.verifyFailed;
