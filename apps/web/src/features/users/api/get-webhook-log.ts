import type { TWebhookAttempt, TWebhookLogResponse } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const webhookLogKey = (id: string) => ['webhooks', id, 'log'] as const;

export async function getWebhookLog(id: string, signal?: AbortSignal): Promise<TWebhookAttempt[]> {
  return (await api.get<TWebhookLogResponse>(`/v1/webhooks/${encodeURIComponent(id)}/deliveries`, { signal })).data;
}

/** The endpoint's delivery log, refreshed every 10 s while open (attempts happen in the background). */
export const webhookLogQueryOptions = (id: string) =>
  queryOptions({ queryKey: webhookLogKey(id), queryFn: ({ signal }) => getWebhookLog(id, signal), refetchInterval: 10_000 });

export const useWebhookLog = (id: string) => useQuery(webhookLogQueryOptions(id));
