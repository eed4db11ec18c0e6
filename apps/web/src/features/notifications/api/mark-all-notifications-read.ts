import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationsKeys, type TNotificationList } from './get-notifications';

/** PATCH /v1/notifications/read-all. */
export const markAllNotificationsRead = () => api.patch('/v1/notifications/read-all');

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: () => {
      queryClient.setQueryData<TNotificationList>(notificationsKeys.all, (old) =>
        old ? { notifications: old.notifications.map((n) => ({ ...n, isRead: true })), unreadCount: 0 } : old,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.all }),
  });
}
