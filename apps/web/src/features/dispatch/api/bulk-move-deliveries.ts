import type { TBulkDeliveriesRequest, TBulkDeliveriesResponse } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dispatchKeys } from './get-admin-deliveries';

/** POST /v1/admin/deliveries/bulk {action, deliveryIds, driverId?, reason?}: one result per job. */
export const bulkMoveDeliveries = (body: TBulkDeliveriesRequest) => api.post<TBulkDeliveriesResponse>('/v1/admin/deliveries/bulk', body);

/** The reactions live on the hook (see move-delivery.ts); the board refreshes after each batch. */
export function useBulkMoveDeliveries(callbacks: {
  onSuccess?: (body: TBulkDeliveriesResponse, vars: TBulkDeliveriesRequest) => void;
  onError?: (error: unknown) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkMoveDeliveries,
    onSuccess: (body, vars) => callbacks.onSuccess?.(body, vars),
    onError: (error) => callbacks.onError?.(error),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: dispatchKeys.all });
    },
  });
}
