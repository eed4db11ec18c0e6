import type { TAdminDeliveriesResponse, TAdminDeliverySort, TAdminHandlingFilter, TAdminStatusFilter } from '@courier/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface TAdminDeliveriesFilter {
  status?: TAdminStatusFilter;
  /** The medical filters (STAT, temperature, specimen, controlled, on hold, rejected). */
  handling?: TAdminHandlingFilter;
  q?: string;
  driverId?: string;
  customer?: string;
  /** ISO instants: booked from / to. */
  from?: string;
  to?: string;
  /** ISO instant: delivered at or after. */
  deliveredFrom?: string;
  late?: 'true';
  sort?: TAdminDeliverySort;
  page?: number;
  limit?: number;
}

export const dispatchKeys = {
  all: ['dispatch'] as const,
  deliveries: (filter: TAdminDeliveriesFilter) => ['dispatch', 'deliveries', filter] as const,
  stats: ['dispatch', 'stats'] as const,
  drivers: ['dispatch', 'drivers'] as const,
  custody: (id: string) => ['dispatch', 'custody', id] as const,
  delivery: (id: string) => ['dispatch', 'delivery', id] as const,
};

/** GET /v1/admin/deliveries: staff's filtered, sorted, paged list. */
export function getAdminDeliveries(filter: TAdminDeliveriesFilter, signal?: AbortSignal): Promise<TAdminDeliveriesResponse> {
  return api.get<TAdminDeliveriesResponse>('/v1/admin/deliveries', { query: { ...filter }, signal });
}

export const adminDeliveriesQueryOptions = (filter: TAdminDeliveriesFilter) =>
  queryOptions({
    queryKey: dispatchKeys.deliveries(filter),
    queryFn: ({ signal }) => getAdminDeliveries(filter, signal),
    placeholderData: keepPreviousData,
    // The board is a live view: refresh while it is open.
    refetchInterval: 30_000,
  });

export function useAdminDeliveries(filter: TAdminDeliveriesFilter) {
  return useQuery(adminDeliveriesQueryOptions(filter));
}
