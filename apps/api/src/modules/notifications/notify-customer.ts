import type { DbOrTx } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';
import { publishLiveEvent } from '../../platform/live-events.js';

export interface CustomerNotice {
  userId: string;
  deliveryId?: string | null;
  title: string;
  message: string;
}

/** An in-app notification, written inside the transaction of the change it tells about. */
export async function notifyCustomer(tx: DbOrTx, notice: CustomerNotice, at: Date): Promise<void> {
  await tx.insert(notifications).values({
    userId: notice.userId,
    deliveryId: notice.deliveryId ?? null,
    title: notice.title,
    message: notice.message,
    createdAt: at,
  });
  await publishLiveEvent(tx, { type: 'notification.created', deliveryId: notice.deliveryId, userIds: [notice.userId] });
}
