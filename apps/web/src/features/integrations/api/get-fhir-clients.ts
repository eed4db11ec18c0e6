import type { TFhirClient, TFhirClientsResponse } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const fhirClientsKey = ['integrations', 'fhir-clients'] as const;

export async function getFhirClients(signal?: AbortSignal): Promise<TFhirClient[]> {
  return (await api.get<TFhirClientsResponse>('/v1/integrations/fhir-clients', { signal })).data;
}

export const fhirClientsQueryOptions = () => queryOptions({ queryKey: fhirClientsKey, queryFn: ({ signal }) => getFhirClients(signal) });

export const useFhirClients = () => useQuery(fhirClientsQueryOptions());
