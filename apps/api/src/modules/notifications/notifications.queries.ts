import type { TNotification } from '@courier/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';
import { notFound } from '../../platform/app-error.js';
import { isUuid } from '../../shared/ids.js';

/** The bell shows the newest ones; older ones stay stored. */
export const NOTIFICATION_LIST_CAP = 50;
type NotificationRow = typeof notifications.$inferSelect;

export const toNotificationJson = (n: NotificationRow): TNotification => ({
  _id: n.id,
  title: n.title,
  message: n.message,
  isRead: n.isRead,
  createdAt: n.createdAt.toISOString(),
  deliveryId: n.deliveryId,
});

export async function listNotifications(db: DbOrTx, userId: string) {
  const [rows, [unread]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATION_LIST_CAP),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false))),
  ]);
  return { data: rows.map(toNotificationJson), unreadCount: Number(unread.n) };
}

/** Someone else's notification answers exactly like one that does not exist. */
const own = (userId: string, id: string) => and(eq(notifications.id, id), eq(notifications.userId, userId));

export async function markNotificationRead(db: DbOrTx, userId: string, id: string): Promise<TNotification> {
  if (!isUuid(id)) throw notFound('Notification not found');
  const [row] = await db.update(notifications).set({ isRead: true }).where(own(userId, id)).returning();
  if (!row) throw notFound('Notification not found');
  return toNotificationJson(row);
}

export async function markAllNotificationsRead(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function deleteNotification(db: DbOrTx, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound('Notification not found');
  const rows = await db.delete(notifications).where(own(userId, id)).returning({ id: notifications.id });
  if (!rows.length) throw notFound('Notification not found');
}
