import type { TFhirSubscriptionSummary, TFhirSubscriptionsResponse } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const fhirSubscriptionsKey = ['integrations', 'fhir-subscriptions'] as const;

export async function getFhirSubscriptions(signal?: AbortSignal): Promise<TFhirSubscriptionSummary[]> {
  return (await api.get<TFhirSubscriptionsResponse>('/v1/integrations/fhir-subscriptions', { signal })).data;
}

export const fhirSubscriptionsQueryOptions = () =>
  queryOptions({ queryKey: fhirSubscriptionsKey, queryFn: ({ signal }) => getFhirSubscriptions(signal) });

export const useFhirSubscriptions = () => useQuery(fhirSubscriptionsQueryOptions());
