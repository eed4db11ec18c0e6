import type { TDriverJob, TDriverJobsResponse } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const driverKeys = { jobs: ['driver', 'jobs'] as const };

/** GET /v1/driver/deliveries: the caller's jobs in route order. */
export async function getDriverJobs(signal?: AbortSignal): Promise<TDriverJob[]> {
  return (await api.get<TDriverJobsResponse>('/v1/driver/deliveries', { signal })).data;
}

export const driverJobsQueryOptions = () =>
  queryOptions({
    queryKey: driverKeys.jobs,
    queryFn: ({ signal }) => getDriverJobs(signal),
    refetchInterval: 60_000,
    // Offline, the last list stays on screen.
    networkMode: 'offlineFirst',
  });

export function useDriverJobs() {
  return useQuery(driverJobsQueryOptions());
}
