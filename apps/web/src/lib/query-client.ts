import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/**
 * A 4xx will not change on retry; a network blip or 5xx might, once. More tries kept the list spinning for
 * seconds before its error showed.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** The app's server-state cache. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
      },
      mutations: { retry: false },
    },
  });
}
