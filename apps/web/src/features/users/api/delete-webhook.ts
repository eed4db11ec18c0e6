import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { webhooksKey } from './get-webhooks';

export const deleteWebhook = (id: string) => api.delete<{ success: boolean }>(`/v1/webhooks/${encodeURIComponent(id)}`);

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteWebhook, onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKey }) });
}
