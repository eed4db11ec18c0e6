import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getUser, setUser } from '@/lib/session';
import { currentUserQueryKey, type TAccountUser, type TNotificationPreferences } from './get-current-user';

export const updateNotificationPreferences = (preferences: TNotificationPreferences) =>
  api.patch<{ success: boolean; message?: string; data: TNotificationPreferences }>('/v1/auth/notification-preferences', preferences);

/** Saves the three flags; the answer (the preferences) updates the cached and stored user. */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (response, sent) => {
      const notificationPreferences = response?.data ?? sent;
      queryClient.setQueryData(currentUserQueryKey, (previous: TAccountUser | undefined) =>
        previous ? { ...previous, notificationPreferences } : previous,
      );
      const stored = getUser();
      if (stored) setUser({ ...stored, notificationPreferences });
    },
  });
}
