import type { TPlanProgressResponse } from '@courier/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /v1/admin/route-plans/runs/{runId}/stop: the search ends now and its request answers the best plan so far. */
export const stopPlanSearch = (runId: string) =>
  api.post<TPlanProgressResponse>(`/v1/admin/route-plans/runs/${encodeURIComponent(runId)}/stop`, {});

export function useStopPlanSearch() {
  return useMutation({ mutationFn: stopPlanSearch });
}
