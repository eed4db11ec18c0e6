import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountKeys } from '@/domain/account/api/get-my-account';

/** DELETE /v1/account/invitations/{id} (owners): the link stops working. */
export const revokeInvitation = (id: string) => api.delete<{ success: true }>(`/v1/account/invitations/${encodeURIComponent(id)}`);

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.invitations }),
  });
}
