import type { TPlanProgressResponse } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /v1/admin/route-plans/runs/{runId}: how the search is getting on (404 before it starts and after it ends). */
export async function getPlanProgress(runId: string, signal?: AbortSignal): Promise<TPlanProgressResponse['data']> {
  return (await api.get<TPlanProgressResponse>(`/v1/admin/route-plans/runs/${encodeURIComponent(runId)}`, { signal })).data;
}

export const planProgressQueryOptions = (runId: string | null) =>
  queryOptions({
    queryKey: ['route-plan-run', runId] as const,
    queryFn: ({ signal }) => getPlanProgress(runId as string, signal),
    enabled: runId !== null,
    refetchInterval: 1000,
    retry: false,
  });

/** Polled once a second while a search runs. */
export function usePlanProgress(runId: string | null) {
  return useQuery(planProgressQueryOptions(runId));
}
