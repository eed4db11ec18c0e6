import type { TCustodyResponse } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dispatchKeys } from './get-admin-deliveries';

/** GET /v1/admin/deliveries/{id}/custody: the events and whether the hash chain verifies. */
export async function getCustody(id: string, signal?: AbortSignal): Promise<TCustodyResponse['data']> {
  return (await api.get<TCustodyResponse>(`/v1/admin/deliveries/${encodeURIComponent(id)}/custody`, { signal })).data;
}

export const custodyQueryOptions = (id: string) =>
  queryOptions({ queryKey: dispatchKeys.custody(id), queryFn: ({ signal }) => getCustody(id, signal) });

export function useCustody(id: string) {
  return useQuery(custodyQueryOptions(id));
}
