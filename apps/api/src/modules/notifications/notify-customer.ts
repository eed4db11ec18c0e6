import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { DbOrTx } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';
import { publishLiveEvents } from '../../platform/live-events.js';

export interface CustomerNotice {
  userId: string;
  deliveryId?: string | null;
  title: string;
  message: string;
}

/** An in-app notification, written inside the transaction of the change it tells about. */
export async function notifyCustomer(tx: DbOrTx, notice: CustomerNotice, at: Date): Promise<void> {
  await notifyCustomers(tx, [{ notice, at }]);
}

/** Many in-app notifications in one insert and their live events in one more (a bulk change). */
export async function notifyCustomers(tx: DbOrTx, notices: readonly { notice: CustomerNotice; at: Date }[]): Promise<void> {
  if (notices.length === 0) return;
  await tx.insert(notifications).values(
    notices.map(({ notice, at }) => ({
      userId: notice.userId,
      deliveryId: notice.deliveryId ?? null,
      title: notice.title,
      message: notice.message,
      createdAt: at,
    })),
  );
  // The embedded database runs each statement on this thread: other requests get a turn between them.
  if (notices.length > 1) await yieldToEventLoop();
  await publishLiveEvents(
    tx,
    notices.map(({ notice }) => ({ type: 'notification.created', deliveryId: notice.deliveryId, userIds: [notice.userId] })),
  );
}
