import type { TDelivery, TDeliveryDetail } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { deliveriesKeys } from '@/domain/deliveries/api/get-my-deliveries';

/** POST /v1/deliveries/{id}/cancel: only a pending request can be cancelled by its owner. */
export async function cancelDelivery(deliveryId: string): Promise<{ message?: string; data?: TDelivery }> {
  return api.post(`/v1/deliveries/${encodeURIComponent(deliveryId)}/cancel`, {});
}

export function useCancelDelivery(deliveryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelDelivery(deliveryId),
    onSuccess: (body) => {
      // The answer has no timeline: keep the old one until the refetch below brings the cancel step.
      const data = body?.data;
      if (data) queryClient.setQueryData<TDeliveryDetail>(deliveriesKeys.detail(deliveryId), (old) => (old ? { ...old, ...data } : old));
      void queryClient.invalidateQueries({ queryKey: deliveriesKeys.all });
    },
  });
}
