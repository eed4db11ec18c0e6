import type { TManagedUserResponse, TUpdateUserRequest } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { managedUsersKeys } from './get-managed-users';

/** PATCH /v1/admin/users/{id} {roleId?, isActive?}. */
export const updateManagedUser = ({ id, ...body }: TUpdateUserRequest & { id: string }) =>
  api.patch<TManagedUserResponse>(`/v1/admin/users/${encodeURIComponent(id)}`, body);

export function useUpdateManagedUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateManagedUser, onSettled: () => queryClient.invalidateQueries({ queryKey: managedUsersKeys.all }) });
}
