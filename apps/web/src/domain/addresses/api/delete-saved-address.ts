import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { savedAddressesKey } from './get-saved-addresses';

export const deleteSavedAddress = (id: string) => api.delete<{ success: boolean }>(`/v1/addresses/${encodeURIComponent(id)}`);

export function useDeleteSavedAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedAddress,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedAddressesKey }),
  });
}
