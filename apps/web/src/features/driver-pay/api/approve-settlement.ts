import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { payKeys } from './keys';

/** POST /v1/admin/settlements/{id}/approve (ADMIN and above): draft -> approved. */
export const approveSettlement = (id: string) => api.post(`/v1/admin/settlements/${encodeURIComponent(id)}/approve`, {});

export function useApproveSettlement() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: approveSettlement, onSettled: () => queryClient.invalidateQueries({ queryKey: payKeys.all }) });
}
