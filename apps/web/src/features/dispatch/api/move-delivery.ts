import type { TAdminDeliveryResponse } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dispatchKeys } from './get-admin-deliveries';

const base = (id: string) => `/v1/admin/deliveries/${encodeURIComponent(id)}`;

/** POST /v1/admin/deliveries/{id}/approve. */
export const approveDelivery = (id: string) => api.post<TAdminDeliveryResponse>(`${base(id)}/approve`, {});
/** POST /v1/admin/deliveries/{id}/assign {driverId}: also reassigns while assigned. */
export const assignDriver = (id: string, driverId: string) => api.post<TAdminDeliveryResponse>(`${base(id)}/assign`, { driverId });
/** POST /v1/admin/deliveries/{id}/cancel {reason}. */
export const cancelDeliveryAsStaff = (id: string, reason: string) => api.post<TAdminDeliveryResponse>(`${base(id)}/cancel`, { reason });

/** Every staff move refreshes the board, the tiles, the drivers' loads and the delivery page. */
function useStaffMove<TVars>(call: (vars: TVars) => Promise<TAdminDeliveryResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dispatchKeys.all }),
  });
}

export const useApproveDelivery = () => useStaffMove((id: string) => approveDelivery(id));
export const useAssignDriver = () => useStaffMove(({ id, driverId }: { id: string; driverId: string }) => assignDriver(id, driverId));
export const useCancelDeliveryAsStaff = () =>
  useStaffMove(({ id, reason }: { id: string; reason: string }) => cancelDeliveryAsStaff(id, reason));
