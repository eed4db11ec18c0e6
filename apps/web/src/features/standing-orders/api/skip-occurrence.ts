import type { TStandingOrder } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { standingOrderKeys } from '@/domain/standing-orders/api/create-standing-order';

/** POST /v1/standing-orders/{id}/skip {date}: that date's delivery is not booked. */
export async function skipOccurrence({ id, date }: { id: string; date: string }): Promise<TStandingOrder> {
  const body = await api.post<{ data: TStandingOrder }>(`/v1/standing-orders/${encodeURIComponent(id)}/skip`, { date });
  return body.data;
}

export function useSkipOccurrence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: skipOccurrence,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: standingOrderKeys.all }),
  });
}
