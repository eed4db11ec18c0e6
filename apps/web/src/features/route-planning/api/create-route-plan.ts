import type { TRoutePlanRequest, TRoutePlanResponse } from '@courier/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /v1/admin/route-plans: a preview, stored under its _id until applied; nothing moves yet. */
export const createRoutePlan = async (body: TRoutePlanRequest) => (await api.post<TRoutePlanResponse>('/v1/admin/route-plans', body)).data;

export function useCreateRoutePlan() {
  return useMutation({ mutationFn: createRoutePlan });
}
