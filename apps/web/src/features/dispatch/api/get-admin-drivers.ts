import type { TAdminDriver, TAdminDriversResponse } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dispatchKeys } from './get-admin-deliveries';

/** GET /v1/admin/drivers: every driver with their active load and last known position. */
export async function getAdminDrivers(signal?: AbortSignal): Promise<TAdminDriver[]> {
  return (await api.get<TAdminDriversResponse>('/v1/admin/drivers', { signal })).data;
}

export const adminDriversQueryOptions = () =>
  queryOptions({ queryKey: dispatchKeys.drivers, queryFn: ({ signal }) => getAdminDrivers(signal), staleTime: 10_000 });

export function useAdminDrivers(enabled = true) {
  return useQuery({ ...adminDriversQueryOptions(), enabled });
}
