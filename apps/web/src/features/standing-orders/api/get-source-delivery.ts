import type { TDeliveryDetail } from '@courier/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /v1/deliveries/{id}: the delivery a standing order repeats. */
export async function getSourceDelivery(id: string, signal?: AbortSignal): Promise<TDeliveryDetail> {
  const body = await api.get<{ data: TDeliveryDetail }>(`/v1/deliveries/${encodeURIComponent(id)}`, { signal });
  return body.data;
}

export function useSourceDelivery(id: string) {
  return useQuery({
    queryKey: ['deliveries', 'detail', id, 'repeat'],
    queryFn: ({ signal }) => getSourceDelivery(id, signal),
    enabled: !!id,
    staleTime: 60_000,
  });
}
