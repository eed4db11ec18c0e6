import type { TCreateStandingOrderRequest, TStandingOrder } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Query keys of the standing-order calls: one list, read by the customer's page and staff's. */
export const standingOrderKeys = { all: ['standing-orders'] as const };

/**
 * POST /v1/standing-orders: the delivery's fields without required-by, plus the schedule. Called from the
 * request form ("Repeat this delivery") and from a past delivery's standing-order page.
 */
export async function createStandingOrder(input: TCreateStandingOrderRequest): Promise<TStandingOrder> {
  const body = await api.post<{ data: TStandingOrder }>('/v1/standing-orders', input);
  return body.data;
}

export function useCreateStandingOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStandingOrder,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: standingOrderKeys.all }),
  });
}
