import type { TInviteUserRequest, TManagedUserResponse } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { managedUsersKeys } from './get-managed-users';

/** POST /v1/admin/users: creates the account and e-mails an invitation to set the first password. */
export const inviteUser = (body: TInviteUserRequest) => api.post<TManagedUserResponse>('/v1/admin/users', body);

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: inviteUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: managedUsersKeys.all }) });
}
