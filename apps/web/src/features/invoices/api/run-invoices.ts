import type { TInvoiceRunRequest, TInvoiceRunResponse } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invoicesKeys } from './get-invoices';

/** POST /v1/admin/invoices/run: the period's drafts (running again adds nothing twice). */
export const runInvoices = (period: TInvoiceRunRequest) => api.post<TInvoiceRunResponse>('/v1/admin/invoices/run', period);

export function useRunInvoices() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: runInvoices, onSettled: () => queryClient.invalidateQueries({ queryKey: invoicesKeys.all }) });
}
