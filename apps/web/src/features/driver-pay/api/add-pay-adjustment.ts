import type { TPayAdjustmentRequest } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { payKeys } from './keys';

/** POST /v1/admin/drivers/{id}/pay-adjustments (ADMIN and above): a signed amount with its reason. */
export const addPayAdjustment = ({ driverId, ...body }: TPayAdjustmentRequest & { driverId: string }) =>
  api.post(`/v1/admin/drivers/${encodeURIComponent(driverId)}/pay-adjustments`, body);

export function useAddPayAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addPayAdjustment, onSettled: () => queryClient.invalidateQueries({ queryKey: payKeys.all }) });
}
