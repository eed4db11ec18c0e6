import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationsKeys, type TNotificationList } from './get-notifications';

/** DELETE /v1/notifications/{id}. */
export const deleteNotification = (id: string) => api.delete(`/v1/notifications/${encodeURIComponent(id)}`);

/** Removes it at once on screen; a failure is ignored silently and the next poll corrects. */
export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onMutate: (id) => {
      queryClient.setQueryData<TNotificationList>(notificationsKeys.all, (old) => {
        if (!old) return old;
        const target = old.notifications.find((n) => n._id === id);
        if (!target) return old;
        return {
          notifications: old.notifications.filter((n) => n._id !== id),
          unreadCount: target.isRead ? old.unreadCount : Math.max(0, old.unreadCount - 1),
        };
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.all }),
  });
}
