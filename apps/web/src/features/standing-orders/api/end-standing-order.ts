import type { TStandingOrder } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { standingOrderKeys } from '@/domain/standing-orders/api/create-standing-order';

/** DELETE /v1/standing-orders/{id}: no further deliveries; those already booked stay. */
export async function endStandingOrder(id: string): Promise<TStandingOrder> {
  const body = await api.delete<{ data: TStandingOrder }>(`/v1/standing-orders/${encodeURIComponent(id)}`);
  return body.data;
}

export function useEndStandingOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endStandingOrder,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: standingOrderKeys.all }),
  });
}
