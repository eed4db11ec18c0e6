import { type TNotification, TIMINGS } from '@courier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface TNotificationList {
  notifications: TNotification[];
  unreadCount: number;
}

export const notificationsKeys = { all: ['notifications'] as const };

/** GET /v1/notifications: {success, data: [...], unreadCount}; a bare array is read too. */
export async function getNotifications(signal?: AbortSignal): Promise<TNotificationList> {
  const body = await api.get<unknown>('/v1/notifications', { signal });
  const list = Array.isArray(body) ? body : (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(list)) throw new Error('Invalid response from server');
  const notifications = list as TNotification[];
  const given = (body as { unreadCount?: unknown }).unreadCount;
  const unreadCount = typeof given === 'number' ? given : notifications.filter((n) => !n.isRead).length;
  return { notifications, unreadCount };
}

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationsKeys.all,
    queryFn: ({ signal }) => getNotifications(signal),
    // Every 30 s while the tab is visible; a hidden tab asks nothing (refetchIntervalInBackground false).
    refetchInterval: TIMINGS.notificationPollMs,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 10_000,
    retry: false,
  });

/** A failed fetch shows an empty list and a count of 0 (not the last good answer). */
export function useNotifications() {
  const query = useQuery(notificationsQueryOptions());
  const empty = query.isError || !query.data;
  return {
    ...query,
    notifications: empty ? [] : query.data.notifications,
    unreadCount: empty ? 0 : query.data.unreadCount,
  };
}
