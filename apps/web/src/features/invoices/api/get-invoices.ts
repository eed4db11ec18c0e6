import type { TInvoicesResponse, TInvoiceStatus } from '@courier/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface TInvoicesFilter {
  page: number;
  status?: TInvoiceStatus;
  from?: string;
  to?: string;
}

export const invoicesKeys = {
  all: ['admin', 'invoices'] as const,
  list: (f: TInvoicesFilter) => ['admin', 'invoices', 'list', f] as const,
};

/** GET /v1/admin/invoices (MANAGER and above). */
export const getInvoices = (filter: TInvoicesFilter, signal?: AbortSignal) =>
  api.get<TInvoicesResponse>('/v1/admin/invoices', { query: { ...filter }, signal });

export const invoicesQueryOptions = (filter: TInvoicesFilter) =>
  queryOptions({
    queryKey: invoicesKeys.list(filter),
    queryFn: ({ signal }) => getInvoices(filter, signal),
    placeholderData: keepPreviousData,
  });

export const useInvoices = (filter: TInvoicesFilter) => useQuery(invoicesQueryOptions(filter));
