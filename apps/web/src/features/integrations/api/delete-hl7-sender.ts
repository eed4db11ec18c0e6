import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { hl7SendersKey } from './get-hl7-senders';

export const deleteHl7Sender = (id: string) => api.delete<{ success: boolean }>(`/v1/integrations/hl7-senders/${encodeURIComponent(id)}`);

export function useDeleteHl7Sender() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteHl7Sender, onSettled: () => queryClient.invalidateQueries({ queryKey: hl7SendersKey }) });
}
