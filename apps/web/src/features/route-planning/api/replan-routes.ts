import type { TReplanRequest, TRoutePlanResponse } from '@courier/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /v1/admin/route-plans/replan: the rest of today re-planned from where the drivers are; a preview listing the
 * changes, applied with the apply call. The runId lets the screen follow the search and stop it.
 */
export const replanRoutes = async (body: TReplanRequest) => (await api.post<TRoutePlanResponse>('/v1/admin/route-plans/replan', body)).data;

export function useReplanRoutes() {
  return useMutation({ mutationFn: replanRoutes });
}
