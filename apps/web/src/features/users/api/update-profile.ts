import type { TProfileResponse, TUpdateProfileRequest } from '@courier/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getUser, setUser } from '@/lib/session';
import { currentUserQueryKey, type TAccountUser } from './get-current-user';

export const updateProfile = (input: TUpdateProfileRequest) => api.patch<TProfileResponse>('/v1/auth/profile', input);

/** Saves first name, last name and phone, then refreshes the stored user so the top bar shows the new name. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (response, input) => {
      const updated = response?.data ?? ({ ...getUser(), ...input } as TAccountUser);
      const stored = getUser();
      if (stored) setUser({ ...stored, ...updated });
      queryClient.setQueryData(currentUserQueryKey, (previous: TAccountUser | undefined) => ({ ...previous, ...updated }));
    },
  });
}
