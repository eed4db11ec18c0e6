import type { TLabReceiptPage as TReceiptPage, TManifestReceiptRequest, TReceiptRequest } from '@courier/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const receiptKey = (token: string) => ['receipt', token] as const;
const url = (token: string) => `/v1/receipts/${encodeURIComponent(token)}`;

/** GET /v1/receipts/{token}: the parcel the link is for (order id, delivered at, class), and a receipt if recorded. */
export function useReceiptPage(token: string) {
  return useQuery({ queryKey: receiptKey(token), queryFn: ({ signal }) => api.get<TReceiptPage>(url(token), { signal }), retry: false });
}

/** POST /v1/receipts/{token}: the receiver's answer, once. */
export function useSubmitReceipt(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TReceiptRequest | TManifestReceiptRequest) => api.post<TReceiptPage>(url(token), body),
    onSuccess: (page) => queryClient.setQueryData(receiptKey(token), page),
  });
}
