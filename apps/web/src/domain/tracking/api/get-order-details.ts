import type { TTrackingDetails } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** What the public feedback page knows of an order. */
export type TOrderDetails = TTrackingDetails;

interface TOrderDetailsResponse {
  success: boolean;
  message?: string;
  data?: TOrderDetails;
}

/** GET /api/v1/deliveries/track/{orderId}/details. */
export async function getOrderDetails(orderId: string, signal?: AbortSignal): Promise<TOrderDetails> {
  const body = await api.get<TOrderDetailsResponse>(`/v1/deliveries/track/${encodeURIComponent(orderId)}/details`, { signal });
  if (!body?.success || !body.data) throw new Error(body?.message || 'Order not found');
  return body.data;
}

export const orderDetailsQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ['order-details', orderId],
    queryFn: ({ signal }) => getOrderDetails(orderId, signal),
    staleTime: 0,
  });

export function useOrderDetails(orderId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...orderDetailsQueryOptions(orderId), enabled: enabled && orderId.length > 0 });
}
