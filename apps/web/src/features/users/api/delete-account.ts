import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Closes the signed-in user's own account (DELETE /v1/users/me). */
export const deleteAccount = () => api.delete<{ success: boolean; message?: string }>('/v1/users/me');

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
