import type { TSavedAddress, TSavedAddressesResponse } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The customer's address book, shared by the request form and account settings. */
export const savedAddressesKey = ['saved-addresses'] as const;

export async function getSavedAddresses(signal?: AbortSignal): Promise<TSavedAddress[]> {
  const body = await api.get<TSavedAddressesResponse>('/v1/addresses', { signal });
  return body?.data ?? [];
}

export const savedAddressesQueryOptions = () =>
  queryOptions({ queryKey: savedAddressesKey, queryFn: ({ signal }) => getSavedAddresses(signal), staleTime: 60_000 });

export function useSavedAddresses(options: { enabled?: boolean } = {}) {
  return useQuery({ ...savedAddressesQueryOptions(), enabled: options.enabled ?? true });
}
