import type { TCreateSavedAddressRequest, TSavedAddressResponse } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { savedAddressesKey } from './get-saved-addresses';

export const saveAddress = (input: TCreateSavedAddressRequest) => api.post<TSavedAddressResponse>('/v1/addresses', input);

export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAddress,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedAddressesKey }),
  });
}
