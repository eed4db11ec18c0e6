import type { TChangePasswordRequest } from '@courier/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const changePassword = (input: TChangePasswordRequest) =>
  api.post<{ success: boolean; message?: string }>('/v1/auth/change-password', input);

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
