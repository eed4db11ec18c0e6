import type { TFhirNotificationAttempt, TFhirSubscriptionLogResponse } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fhirSubscriptionsKey } from './get-fhir-subscriptions';

export const fhirSubscriptionLogKey = (id: string) => [...fhirSubscriptionsKey, id, 'deliveries'] as const;

export async function getFhirSubscriptionLog(id: string, signal?: AbortSignal): Promise<TFhirNotificationAttempt[]> {
  return (
    await api.get<TFhirSubscriptionLogResponse>(`/v1/integrations/fhir-subscriptions/${encodeURIComponent(id)}/deliveries`, { signal })
  ).data;
}

export const fhirSubscriptionLogQueryOptions = (id: string) =>
  queryOptions({ queryKey: fhirSubscriptionLogKey(id), queryFn: ({ signal }) => getFhirSubscriptionLog(id, signal) });

export const useFhirSubscriptionLog = (id: string) => useQuery(fhirSubscriptionLogQueryOptions(id));
