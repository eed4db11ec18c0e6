import type { TInvoiceResponse } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invoicesKeys } from './get-invoices';

export const invoiceKey = (id: string) => [...invoicesKeys.all, 'one', id] as const;

/** GET /v1/admin/invoices/{id}: lines, payments, credit notes. */
export const getInvoice = (id: string, signal?: AbortSignal) =>
  api.get<TInvoiceResponse>(`/v1/admin/invoices/${encodeURIComponent(id)}`, { signal });

export const useInvoice = (id: string) =>
  useQuery(queryOptions({ queryKey: invoiceKey(id), queryFn: ({ signal }) => getInvoice(id, signal) }));
