import type { TAccountRole } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountKeys } from '@/domain/account/api/get-my-account';

/** PATCH /v1/account/members/{userId}: owner or member (owners; the last owner stays). */
export const changeMemberRole = ({ userId, role }: { userId: string; role: TAccountRole }) =>
  api.patch<{ success: true }>(`/v1/account/members/${encodeURIComponent(userId)}`, { role });

export function useChangeMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeMemberRole, onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }) });
}
