import type { TDeliveryDetail, TShippingLabel } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { deliveriesKeys } from '@/domain/deliveries/api/get-my-deliveries';

/** GET /v1/deliveries/{id}/label: the server makes the label on the first ask and returns the same one after. */
export async function generateLabel(deliveryId: string): Promise<TShippingLabel> {
  const body = await api.get<{ success?: boolean; data?: TShippingLabel }>(`/v1/deliveries/${encodeURIComponent(deliveryId)}/label`);
  if (!body?.data?.pdfUrl) throw new Error('Invalid response from server');
  return body.data;
}

export function useGenerateLabel(deliveryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => generateLabel(deliveryId),
    onSuccess: (label) => {
      queryClient.setQueryData<TDeliveryDetail>(deliveriesKeys.detail(deliveryId), (old) => (old ? { ...old, shippingLabel: label } : old));
      void queryClient.invalidateQueries({ queryKey: deliveriesKeys.all });
    },
    onError: (error) => {
      // Cancelled meanwhile: the page reloads the delivery and stops offering a label.
      if (isApiError(error) && error.error === 'DELIVERY_CANCELLED') void queryClient.invalidateQueries({ queryKey: deliveriesKeys.all });
    },
  });
}
