import {
  DASHBOARD_RECENT_COUNT,
  DEFAULT_PAGE_SIZE,
  DELIVERY_SORTS,
  DELIVERY_STATUS_FILTERS,
  PAGE_SIZES,
  SEARCH_MAX,
  type TDeliverySort,
  type TDeliveryStatusFilter,
} from '@courier/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { readDeliveryList, type TDeliveryList } from '@/lib/delivery-stats';

export interface TMyDeliveriesParams {
  page: number;
  limit: number;
  status: TDeliveryStatusFilter;
  sort: TDeliverySort;
  /** The top bar's search; '' for none. */
  q: string;
  /** An account owner's "Booked by" filter: a person's id; '' for everyone. */
  bookedBy: string;
}

export const DEFAULT_LIST_PARAMS: TMyDeliveriesParams = {
  page: 1,
  limit: DEFAULT_PAGE_SIZE,
  status: 'all',
  sort: 'newest',
  q: '',
  bookedBy: '',
};

/** One list call gives the dashboard and the profile both: the 5 newest deliveries and the counts over all of them. */
export const DASHBOARD_LIST_PARAMS: TMyDeliveriesParams = {
  page: 1,
  limit: DASHBOARD_RECENT_COUNT,
  status: 'all',
  sort: 'newest',
  q: '',
  bookedBy: '',
};

/** List controls from the address bar; anything unknown falls back to the default. */
export function listParamsFrom(search: URLSearchParams): TMyDeliveriesParams {
  const page = Number(search.get('page'));
  const limit = Number(search.get('limit'));
  const status = search.get('status') as TDeliveryStatusFilter | null;
  const sort = search.get('sort') as TDeliverySort | null;
  return {
    page: Number.isInteger(page) && page >= 1 ? page : DEFAULT_LIST_PARAMS.page,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_LIST_PARAMS.limit,
    status: status && DELIVERY_STATUS_FILTERS.includes(status) ? status : DEFAULT_LIST_PARAMS.status,
    sort: sort && DELIVERY_SORTS.includes(sort) ? sort : DEFAULT_LIST_PARAMS.sort,
    q: (search.get('q') ?? '').trim().slice(0, SEARCH_MAX),
    bookedBy: /^[0-9a-f-]{36}$/i.test(search.get('bookedBy') ?? '') ? (search.get('bookedBy') as string) : '',
  };
}

/** GET /v1/deliveries/my-deliveries (the list, the dashboard and the profile read it). */
export async function getMyDeliveries(params: TMyDeliveriesParams, signal?: AbortSignal): Promise<TDeliveryList> {
  const body = await api.get<unknown>('/v1/deliveries/my-deliveries', {
    query: {
      page: params.page,
      limit: params.limit,
      status: params.status === 'all' ? undefined : params.status,
      sort: params.sort,
      q: params.q || undefined,
      bookedBy: params.bookedBy || undefined,
    },
    signal,
  });
  return readDeliveryList(body, params.limit);
}

export const deliveriesKeys = {
  all: ['deliveries'] as const,
  lists: () => [...deliveriesKeys.all, 'list'] as const,
  list: (params: TMyDeliveriesParams) => [...deliveriesKeys.lists(), params] as const,
  detail: (id: string) => [...deliveriesKeys.all, 'detail', id] as const,
};

export const myDeliveriesQueryOptions = (params: TMyDeliveriesParams) =>
  queryOptions({
    queryKey: deliveriesKeys.list(params),
    queryFn: ({ signal }) => getMyDeliveries(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export function useMyDeliveries(params: TMyDeliveriesParams) {
  return useQuery(myDeliveriesQueryOptions(params));
}
