import type { TAdminStats, TAdminStatsResponse } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dispatchKeys } from './get-admin-deliveries';

/** GET /v1/admin/stats: counts per status, late, delivered today, average rating. */
export async function getAdminStats(signal?: AbortSignal): Promise<TAdminStats> {
  return (await api.get<TAdminStatsResponse>('/v1/admin/stats', { signal })).data;
}

export const adminStatsQueryOptions = () =>
  queryOptions({ queryKey: dispatchKeys.stats, queryFn: ({ signal }) => getAdminStats(signal), refetchInterval: 30_000 });

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions());
}
