import type { TAutoAssignAllResponse } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dispatchKeys } from './get-admin-deliveries';

/** POST /v1/admin/deliveries/auto-assign: every approved job to its best driver (STAT first), one result each. */
export const autoAssignApproved = () => api.post<TAutoAssignAllResponse>('/v1/admin/deliveries/auto-assign', {});

export function useAutoAssignApproved(callbacks: {
  onSuccess?: (body: TAutoAssignAllResponse) => void;
  onError?: (error: unknown) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: autoAssignApproved,
    onSuccess: (body) => callbacks.onSuccess?.(body),
    onError: (error) => callbacks.onError?.(error),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: dispatchKeys.all });
    },
  });
}
