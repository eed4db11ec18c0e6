import type { TRoutePlanResponse } from '@courier/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /v1/admin/route-plans/insertions {deliveryId}: the best route for a STAT, as a preview applied like a plan. */
export const createInsertion = async (deliveryId: string) =>
  (await api.post<TRoutePlanResponse>('/v1/admin/route-plans/insertions', { deliveryId })).data;

export function useCreateInsertion() {
  return useMutation({ mutationFn: createInsertion });
}
