import type { TDeliveryDetail } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { deliveriesKeys } from '@/domain/deliveries/api/get-my-deliveries';

/** GET /v1/deliveries/{id} answers {success, data: delivery with its story}; a bare delivery is read too. */
export async function getDelivery(id: string, signal?: AbortSignal): Promise<TDeliveryDetail> {
  const body = await api.get<{ data?: TDeliveryDetail } & Partial<TDeliveryDetail>>(`/v1/deliveries/${encodeURIComponent(id)}`, { signal });
  const delivery = body?.data ?? (body?._id ? (body as TDeliveryDetail) : undefined);
  if (!delivery?._id) throw new Error('Invalid response from server');
  return delivery;
}

export const deliveryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: deliveriesKeys.detail(id),
    queryFn: ({ signal }) => getDelivery(id, signal),
    staleTime: 15_000,
  });

export function useDelivery(id: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...deliveryQueryOptions(id), enabled: options.enabled ?? true });
}
