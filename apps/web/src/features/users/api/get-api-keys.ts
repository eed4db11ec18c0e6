import type { TApiKey, TApiKeysResponse } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const apiKeysKey = ['api-keys'] as const;

export async function getApiKeys(signal?: AbortSignal): Promise<TApiKey[]> {
  return (await api.get<TApiKeysResponse>('/v1/api-keys', { signal })).data;
}

export const apiKeysQueryOptions = () => queryOptions({ queryKey: apiKeysKey, queryFn: ({ signal }) => getApiKeys(signal) });

export const useApiKeys = () => useQuery(apiKeysQueryOptions());
