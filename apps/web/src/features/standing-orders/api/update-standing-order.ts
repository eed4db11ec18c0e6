import type { TStandingOrder, TUpdateStandingOrderRequest } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { standingOrderKeys } from '@/domain/standing-orders/api/create-standing-order';

/** PATCH /v1/standing-orders/{id}: pause or resume (status), staff's pre-approval, or edits of future occurrences. */
export async function updateStandingOrder({ id, changes }: { id: string; changes: TUpdateStandingOrderRequest }): Promise<TStandingOrder> {
  const body = await api.patch<{ data: TStandingOrder }>(`/v1/standing-orders/${encodeURIComponent(id)}`, changes);
  return body.data;
}

export function useUpdateStandingOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStandingOrder,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: standingOrderKeys.all }),
  });
}
