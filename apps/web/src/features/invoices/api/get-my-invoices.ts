import type { TInvoiceResponse, TInvoicesResponse, TStatementResponse } from '@courier/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /v1/invoices: the account's invoices, for its owner. */
export const useMyInvoices = (page: number) =>
  useQuery(
    queryOptions({
      queryKey: ['account', 'invoices', page],
      queryFn: ({ signal }) => api.get<TInvoicesResponse>('/v1/invoices', { query: { page }, signal }),
      placeholderData: keepPreviousData,
    }),
  );

/** GET /v1/invoices/{id}. */
export const useMyInvoice = (id: string) =>
  useQuery(
    queryOptions({
      queryKey: ['account', 'invoices', 'one', id],
      queryFn: ({ signal }) => api.get<TInvoiceResponse>(`/v1/invoices/${encodeURIComponent(id)}`, { signal }),
    }),
  );

/** GET /v1/account/statement. */
export const useMyStatement = () =>
  useQuery(
    queryOptions({
      queryKey: ['account', 'statement'],
      queryFn: ({ signal }) => api.get<TStatementResponse>('/v1/account/statement', { signal }),
    }),
  );
