import type { TDelivery } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { deliveriesKeys } from '@/lib/my-deliveries';

/** POST /v1/deliveries/{id}/cancel: only a pending request can be cancelled by its owner. */
export async function cancelDelivery(deliveryId: string): Promise<{ message?: string; data?: TDelivery }> {
  return api.post(`/v1/deliveries/${encodeURIComponent(deliveryId)}/cancel`, {});
}

export function useCancelDelivery(deliveryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelDelivery(deliveryId),
    onSuccess: (body) => {
      if (body?.data) queryClient.setQueryData(deliveriesKeys.detail(deliveryId), body.data);
      void queryClient.invalidateQueries({ queryKey: deliveriesKeys.all });
    },
  });
}
