import type { TDriverJob, TDriverJobsResponse } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getUser } from '@/lib/session';
import { isUnreachable, keepJobs, keptJobs } from '../lib/jobs-store';

export const driverKeys = { jobs: ['driver', 'jobs'] as const };

/** GET /v1/driver/deliveries: the caller's jobs in route order. */
export async function getDriverJobs(signal?: AbortSignal): Promise<TDriverJob[]> {
  return (await api.get<TDriverJobsResponse>('/v1/driver/deliveries', { signal })).data;
}

/** The run from the server, kept on the phone; with no signal, the run kept last time (a reload offline still shows it). */
export async function getDriverRun(signal?: AbortSignal): Promise<TDriverJob[]> {
  const userId = getUser()?._id ?? '';
  try {
    const jobs = await getDriverJobs(signal);
    if (userId) await keepJobs(userId, jobs);
    return jobs;
  } catch (error) {
    const kept = userId && isUnreachable(error) ? await keptJobs(userId) : null;
    if (kept) return kept.jobs;
    throw error;
  }
}

export const driverJobsQueryOptions = () =>
  queryOptions({
    queryKey: driverKeys.jobs,
    queryFn: ({ signal }) => getDriverRun(signal),
    refetchInterval: 60_000,
    // Offline, the last list stays on screen.
    networkMode: 'offlineFirst',
  });

export function useDriverJobs() {
  return useQuery(driverJobsQueryOptions());
}
