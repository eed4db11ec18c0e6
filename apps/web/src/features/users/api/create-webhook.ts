import type { TCreateWebhookRequest, TCreateWebhookResponse } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { webhooksKey } from './get-webhooks';

/** The answer carries the signing secret, shown once. */
export const createWebhook = async (input: TCreateWebhookRequest) => (await api.post<TCreateWebhookResponse>('/v1/webhooks', input)).data;

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createWebhook, onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKey }) });
}
