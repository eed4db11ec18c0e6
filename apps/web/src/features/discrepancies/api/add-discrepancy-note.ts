import type { TDiscrepancyResponse } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /v1/admin/discrepancies/{id}/notes: a note on the case's timeline. */
export const addDiscrepancyNote = ({ id, text }: { id: string; text: string }) =>
  api.post<TDiscrepancyResponse>(`/v1/admin/discrepancies/${encodeURIComponent(id)}/notes`, { text });

export function useAddDiscrepancyNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addDiscrepancyNote,
    onSuccess: (answer) => client.setQueryData(['admin', 'discrepancies', 'one', answer.data._id], answer),
  });
}
