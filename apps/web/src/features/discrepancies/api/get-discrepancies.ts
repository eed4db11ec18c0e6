import type { TDiscrepancyKind, TDiscrepancyListResponse, TDiscrepancyStatus } from '@courier/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface TDiscrepancyFilter {
  page: number;
  status?: TDiscrepancyStatus;
  kind?: TDiscrepancyKind;
  accountId?: string;
  from?: string;
  to?: string;
}

/** GET /v1/admin/discrepancies: the cases, newest first, filtered. */
export const getDiscrepancies = (filter: TDiscrepancyFilter, signal?: AbortSignal) =>
  api.get<TDiscrepancyListResponse>('/v1/admin/discrepancies', { query: { ...filter }, signal });

export const discrepanciesQueryOptions = (filter: TDiscrepancyFilter) =>
  queryOptions({
    queryKey: ['admin', 'discrepancies', 'list', filter],
    queryFn: ({ signal }) => getDiscrepancies(filter, signal),
    placeholderData: keepPreviousData,
  });

export const useDiscrepancies = (filter: TDiscrepancyFilter) => useQuery(discrepanciesQueryOptions(filter));
