import type { TCreditNoteRequest, TInvoiceLineAdjustment, TInvoiceResponse, TPaymentRequest } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invoicesKeys } from './get-invoices';

const at = (id: string) => `/v1/admin/invoices/${encodeURIComponent(id)}`;

/** The changes of one invoice (ADMIN and above), each its own call: adjust a draft line, issue, void, pay, credit. */
export type TInvoiceChange =
  | { kind: 'adjust'; id: string; lineId: string; body: TInvoiceLineAdjustment }
  | { kind: 'issue'; id: string }
  | { kind: 'void'; id: string; reason: string }
  | { kind: 'payment'; id: string; body: TPaymentRequest }
  | { kind: 'credit'; id: string; body: TCreditNoteRequest };

export function changeInvoice(c: TInvoiceChange) {
  switch (c.kind) {
    case 'adjust':
      return api.patch<TInvoiceResponse>(`${at(c.id)}/lines/${encodeURIComponent(c.lineId)}`, c.body);
    case 'issue':
      return api.post<TInvoiceResponse>(`${at(c.id)}/issue`, {});
    case 'void':
      return api.post<TInvoiceResponse>(`${at(c.id)}/void`, { reason: c.reason });
    case 'payment':
      return api.post<TInvoiceResponse>(`${at(c.id)}/payments`, c.body);
    case 'credit':
      return api.post<TInvoiceResponse>(`${at(c.id)}/credit-notes`, c.body);
  }
}

export function useChangeInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeInvoice, onSettled: () => queryClient.invalidateQueries({ queryKey: invoicesKeys.all }) });
}
