import type { TAdminDriver, TAdminDriversResponse } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /v1/admin/drivers: every driver with their shift and vehicle capacity, for choosing whom to plan for. */
export async function getPlanningDrivers(signal?: AbortSignal): Promise<TAdminDriver[]> {
  return (await api.get<TAdminDriversResponse>('/v1/admin/drivers', { signal })).data;
}

export const planningDriversQueryOptions = () =>
  queryOptions({ queryKey: ['dispatch', 'planning-drivers'], queryFn: ({ signal }) => getPlanningDrivers(signal), staleTime: 30_000 });

export function usePlanningDrivers() {
  return useQuery(planningDriversQueryOptions());
}
