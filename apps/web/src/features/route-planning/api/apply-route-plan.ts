import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /v1/admin/route-plans/{id}/apply: assigns and orders as previewed; 409 when a job moved since. */
export const applyRoutePlan = (id: string) => api.post<unknown>(`/v1/admin/route-plans/${encodeURIComponent(id)}/apply`, {});

export function useApplyRoutePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyRoutePlan,
    // The board, the drivers' loads and the map all change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['dispatch'] }),
  });
}
