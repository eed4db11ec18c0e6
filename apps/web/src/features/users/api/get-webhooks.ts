import type { TWebhookEndpoint } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const webhooksKey = ['webhooks'] as const;

export async function getWebhooks(signal?: AbortSignal): Promise<TWebhookEndpoint[]> {
  return (await api.get<{ success: boolean; data: TWebhookEndpoint[] }>('/v1/webhooks', { signal })).data;
}

export const webhooksQueryOptions = () => queryOptions({ queryKey: webhooksKey, queryFn: ({ signal }) => getWebhooks(signal) });

export const useWebhooks = () => useQuery(webhooksQueryOptions());
