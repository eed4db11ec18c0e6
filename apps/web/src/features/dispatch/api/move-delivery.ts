import type { TAdminDeliveryResponse, TAssignDriverRequest, TReattemptRequest } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dispatchKeys } from './get-admin-deliveries';

const base = (id: string) => `/v1/admin/deliveries/${encodeURIComponent(id)}`;

/** POST /v1/admin/deliveries/{id}/approve. */
export const approveDelivery = (id: string) => api.post<TAdminDeliveryResponse>(`${base(id)}/approve`, {});
/**
 * POST /v1/admin/deliveries/{id}/assign {driverId, replacesDriverId}: also reassigns while assigned. The
 * driver the console believes it replaces (null: none) makes a stale console's assignment a 409 CONFLICT.
 */
export const assignDriver = (id: string, body: TAssignDriverRequest) => api.post<TAdminDeliveryResponse>(`${base(id)}/assign`, body);
/** POST /v1/admin/deliveries/{id}/cancel {reason}. */
export const cancelDeliveryFromDispatch = (id: string, reason: string) =>
  api.post<TAdminDeliveryResponse>(`${base(id)}/cancel`, { reason });

/** POST /v1/admin/deliveries/{id}/reattempt {driverId?, window: {from, to}, note?}. */
export const reattemptDelivery = (id: string, body: TReattemptRequest) => api.post<TAdminDeliveryResponse>(`${base(id)}/reattempt`, body);
/** POST /v1/admin/deliveries/{id}/return {note}. */
export const returnToSender = (id: string, note: string) => api.post<TAdminDeliveryResponse>(`${base(id)}/return`, { note });

/**
 * The caller's reactions live on the hook, not on mutate(): the card that was clicked may leave its
 * column when the board refreshes, and mutate()'s callbacks die with it.
 */
export interface TMoveCallbacks<TVars> {
  onSuccess?: (body: TAdminDeliveryResponse, vars: TVars) => void;
  onError?: (error: unknown, vars: TVars) => void;
}

/** Every staff move refreshes the board, the tiles, the drivers' loads and the delivery page. */
function useStaffMove<TVars>(call: (vars: TVars) => Promise<TAdminDeliveryResponse>, callbacks: TMoveCallbacks<TVars>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (body, vars) => callbacks.onSuccess?.(body, vars),
    onError: (error, vars) => callbacks.onError?.(error, vars),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: dispatchKeys.all });
    },
  });
}

export const useApproveDelivery = (callbacks: TMoveCallbacks<string> = {}) => useStaffMove((id: string) => approveDelivery(id), callbacks);
export const useAssignDriver = (callbacks: TMoveCallbacks<{ id: string; body: TAssignDriverRequest }> = {}) =>
  useStaffMove(({ id, body }: { id: string; body: TAssignDriverRequest }) => assignDriver(id, body), callbacks);
export const useCancelDeliveryFromDispatch = (callbacks: TMoveCallbacks<{ id: string; reason: string }> = {}) =>
  useStaffMove(({ id, reason }: { id: string; reason: string }) => cancelDeliveryFromDispatch(id, reason), callbacks);
export const useReattemptDelivery = (callbacks: TMoveCallbacks<{ id: string; body: TReattemptRequest }> = {}) =>
  useStaffMove(({ id, body }: { id: string; body: TReattemptRequest }) => reattemptDelivery(id, body), callbacks);
export const useReturnToSender = (callbacks: TMoveCallbacks<{ id: string; note: string }> = {}) =>
  useStaffMove(({ id, note }: { id: string; note: string }) => returnToSender(id, note), callbacks);
