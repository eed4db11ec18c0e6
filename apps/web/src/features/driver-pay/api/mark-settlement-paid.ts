import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { payKeys } from './keys';

/** POST /v1/admin/settlements/{id}/paid (ADMIN and above): approved -> paid, with the day and reference. */
export const markSettlementPaid = ({ id, ...body }: { id: string; paidOn: string; reference: string }) =>
  api.post(`/v1/admin/settlements/${encodeURIComponent(id)}/paid`, body);

export function useMarkSettlementPaid() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markSettlementPaid, onSettled: () => queryClient.invalidateQueries({ queryKey: payKeys.all }) });
}
