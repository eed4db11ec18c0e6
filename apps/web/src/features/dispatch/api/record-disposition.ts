import type { TAdminDeliveryResponse, TDispositionRequest, TReceiptRequest } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dispatchKeys } from './get-admin-deliveries';

const base = (id: string) => `/v1/admin/deliveries/${encodeURIComponent(id)}`;

/** POST /v1/admin/deliveries/{id}/disposition {action, note}: MANAGER and above, a delivery on hold. */
export const recordDisposition = (id: string, body: TDispositionRequest) =>
  api.post<TAdminDeliveryResponse>(`${base(id)}/disposition`, body);

export function useRecordDisposition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TDispositionRequest }) => recordDisposition(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dispatchKeys.all }),
  });
}

/** POST /v1/admin/deliveries/{id}/receipt {status, reason?, receivedBy}: what the lab told staff. */
export const recordReceipt = (id: string, body: TReceiptRequest) => api.post<TAdminDeliveryResponse>(`${base(id)}/receipt`, body);

export function useRecordReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TReceiptRequest }) => recordReceipt(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dispatchKeys.all }),
  });
}
