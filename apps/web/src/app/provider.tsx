import { TIMINGS } from '@courier/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ToastContainer } from 'react-toastify';
import { isApiError } from '@/lib/api-client';

/**
 * A 4xx will not change on retry; a network blip or 5xx might, once. More tries kept the list spinning for
 * seconds before its error showed.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

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

/** Server-state cache and toasts (SPEC section 9: top-right, 5 s, pause on hover, drag 80 %). */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastContainer position="top-right" autoClose={TIMINGS.toastMs} pauseOnHover draggable draggablePercent={80} />
    </QueryClientProvider>
  );
}
