import type { TMessageResponse } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fuelKeys } from './get-fuel-surcharges';

/** DELETE /v1/admin/fuel-surcharges/{id} (ADMIN and above). */
export const removeFuelSurcharge = (id: string) => api.delete<TMessageResponse>(`/v1/admin/fuel-surcharges/${encodeURIComponent(id)}`);

export function useRemoveFuelSurcharge() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeFuelSurcharge, onSettled: () => queryClient.invalidateQueries({ queryKey: fuelKeys.all }) });
}
