import type { TStandingOrder } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { standingOrderKeys } from '@/domain/standing-orders/api/create-standing-order';

/** GET /v1/standing-orders: the caller's own; staff get every customer's. */
export async function getStandingOrders(signal?: AbortSignal): Promise<TStandingOrder[]> {
  const body = await api.get<{ data?: TStandingOrder[] }>('/v1/standing-orders', { signal });
  return body?.data ?? [];
}

export const standingOrdersQueryOptions = () =>
  queryOptions({ queryKey: standingOrderKeys.all, queryFn: ({ signal }) => getStandingOrders(signal), staleTime: 15_000 });

export const useStandingOrders = () => useQuery(standingOrdersQueryOptions());
