import type { TFuelSurchargeRequest, TFuelSurchargeResponse } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fuelKeys } from './get-fuel-surcharges';

/** POST /v1/admin/fuel-surcharges (ADMIN and above); overlapping days answer 409. */
export const addFuelSurcharge = (body: TFuelSurchargeRequest) => api.post<TFuelSurchargeResponse>('/v1/admin/fuel-surcharges', body);

export function useAddFuelSurcharge() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addFuelSurcharge, onSettled: () => queryClient.invalidateQueries({ queryKey: fuelKeys.all }) });
}
