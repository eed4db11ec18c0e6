import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountKeys } from '@/domain/account/api/get-my-account';

/** DELETE /v1/account/members/{userId} (owners): the person gets an account of their own. */
export const removeMember = (userId: string) => api.delete<{ success: true }>(`/v1/account/members/${encodeURIComponent(userId)}`);

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeMember, onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }) });
}
