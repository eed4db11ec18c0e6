import type { TStandingOrder } from '@courier/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { standingOrderKeys } from '@/domain/standing-orders/api/create-standing-order';

/** GET /v1/standing-orders/{id}: one standing order with its next five required-by times. */
export async function getStandingOrder(id: string, signal?: AbortSignal): Promise<TStandingOrder> {
  const body = await api.get<{ data: TStandingOrder }>(`/v1/standing-orders/${encodeURIComponent(id)}`, { signal });
  return body.data;
}

export function useStandingOrder(id: string) {
  return useQuery({
    queryKey: [...standingOrderKeys.all, 'detail', id],
    queryFn: ({ signal }) => getStandingOrder(id, signal),
    enabled: !!id,
  });
}
