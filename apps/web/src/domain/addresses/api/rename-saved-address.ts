import type { TSavedAddressResponse } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { savedAddressesKey } from './get-saved-addresses';

export const renameSavedAddress = ({ id, label }: { id: string; label: string }) =>
  api.patch<TSavedAddressResponse>(`/v1/addresses/${encodeURIComponent(id)}`, { label });

export function useRenameSavedAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameSavedAddress,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedAddressesKey }),
  });
}
