import type { TAccountsResponse } from '@courier/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface TAccountsFilter {
  page: number;
  q?: string;
}

export const accountsKeys = { all: ['admin', 'accounts'] as const, list: (f: TAccountsFilter) => ['admin', 'accounts', f] as const };

/** GET /v1/admin/accounts (MANAGER and above). */
export const getAccounts = (filter: TAccountsFilter, signal?: AbortSignal) =>
  api.get<TAccountsResponse>('/v1/admin/accounts', { query: { ...filter }, signal });

export const accountsQueryOptions = (filter: TAccountsFilter) =>
  queryOptions({
    queryKey: accountsKeys.list(filter),
    queryFn: ({ signal }) => getAccounts(filter, signal),
    placeholderData: keepPreviousData,
  });

export const useAccounts = (filter: TAccountsFilter) => useQuery(accountsQueryOptions(filter));
