import type { TDiscrepancyResponse, TDiscrepancyUpdateRequest } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PATCH /v1/admin/discrepancies/{id}: move the case forward or assign it. */
export const updateDiscrepancy = ({ id, ...body }: TDiscrepancyUpdateRequest & { id: string }) =>
  api.patch<TDiscrepancyResponse>(`/v1/admin/discrepancies/${encodeURIComponent(id)}`, body);

export function useUpdateDiscrepancy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateDiscrepancy,
    onSuccess: (answer) => {
      client.setQueryData(['admin', 'discrepancies', 'one', answer.data._id], answer);
      void client.invalidateQueries({ queryKey: ['admin', 'discrepancies', 'list'] });
    },
  });
}
