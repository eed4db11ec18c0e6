import type { TUpdateWebhookRequest } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { webhooksKey } from './get-webhooks';

export const updateWebhook = ({ id, ...changes }: TUpdateWebhookRequest & { id: string }) =>
  api.patch<{ success: boolean }>(`/v1/webhooks/${encodeURIComponent(id)}`, changes);

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateWebhook, onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKey }) });
}
