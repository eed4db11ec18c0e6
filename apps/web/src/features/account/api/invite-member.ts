import type { TInviteMemberRequest } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountKeys } from '@/domain/account/api/get-my-account';

/** POST /v1/account/members: invite by e-mail with a role (owners). */
export const inviteMember = (body: TInviteMemberRequest) => api.post<{ success: true; message?: string }>('/v1/account/members', body);

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: inviteMember, onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.invitations }) });
}
