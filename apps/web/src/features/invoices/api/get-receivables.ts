import type { TReceivablesResponse } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** GET /v1/admin/reports/receivables?asOf: aged balances per account. */
export const getReceivables = (asOf: string | undefined, signal?: AbortSignal) =>
  api.get<TReceivablesResponse>('/v1/admin/reports/receivables', { query: asOf ? { asOf } : {}, signal });

export const useReceivables = (asOf: string | undefined) =>
  useQuery(
    queryOptions({
      queryKey: ['admin', 'invoices', 'receivables', asOf ?? 'today'],
      queryFn: ({ signal }) => getReceivables(asOf, signal),
    }),
  );

/** The same as CSV (…/receivables/export.csv). */
export async function exportReceivables(asOf: string | undefined) {
  const blob = await api.get<Blob>('/v1/admin/reports/receivables/export.csv', {
    query: asOf ? { asOf } : {},
    responseType: 'blob',
    headers: { Accept: 'text/csv' },
  });
  saveFile(blob, `receivables-${asOf ?? 'today'}.csv`);
}

/** GET /v1/admin/invoices/export.csv: issued invoices for QuickBooks or Xero. */
export async function exportInvoicesForBooks(q: { from: string; to: string; format: 'quickbooks' | 'xero' }) {
  const blob = await api.get<Blob>('/v1/admin/invoices/export.csv', { query: q, responseType: 'blob', headers: { Accept: 'text/csv' } });
  saveFile(blob, `invoices-${q.format}-${q.from}-${q.to}.csv`);
}
