import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationsKeys, type TNotificationList } from './get-notifications';

/** PATCH /v1/notifications/{id}/read. */
export const markNotificationRead = (id: string) => api.patch(`/v1/notifications/${encodeURIComponent(id)}/read`);

/** Marks it read at once on screen; a failure is ignored silently and the next poll corrects. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: (id) => {
      queryClient.setQueryData<TNotificationList>(notificationsKeys.all, (old) => {
        if (!old) return old;
        const target = old.notifications.find((n) => n._id === id);
        if (!target || target.isRead) return old;
        return {
          notifications: old.notifications.map((n) => (n._id === id ? { ...n, isRead: true } : n)),
          unreadCount: Math.max(0, old.unreadCount - 1),
        };
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.all }),
  });
}
