import type { TAutoAssignResponse } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dispatchKeys } from './get-admin-deliveries';

/** POST /v1/admin/deliveries/{id}/auto-assign: the planner's best driver for one approved job, and why. */
export const autoAssignDelivery = (id: string) =>
  api.post<TAutoAssignResponse>(`/v1/admin/deliveries/${encodeURIComponent(id)}/auto-assign`, {});

export function useAutoAssignDelivery(callbacks: { onSuccess?: (body: TAutoAssignResponse) => void; onError?: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: autoAssignDelivery,
    onSuccess: (body) => callbacks.onSuccess?.(body),
    onError: (error) => callbacks.onError?.(error),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: dispatchKeys.all });
    },
  });
}
