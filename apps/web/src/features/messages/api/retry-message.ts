import type { TRetryMessageResponse } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { failedMessagesKeys } from './get-failed-messages';

/** POST /v1/admin/messages/{id}/retry: the message goes back to the outbox, due now. */
export const retryMessage = (id: string) => api.post<TRetryMessageResponse>(`/v1/admin/messages/${encodeURIComponent(id)}/retry`);

export function useRetryMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryMessage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: failedMessagesKeys.all }),
  });
}
