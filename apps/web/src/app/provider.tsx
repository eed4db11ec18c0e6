import { TIMINGS } from '@courier/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ToastContainer } from 'react-toastify';
import { createQueryClient } from '@/lib/query-client';

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
