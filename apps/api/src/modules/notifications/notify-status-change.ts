import type { TDeliveryStatus } from '@courier/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { enqueueEmail } from '../../platform/outbox.js';
import type { Services } from '../../services.js';
import {
  deliveryCancelledEmail,
  deliveryStatusEmail,
  recipientFeedbackEmail,
  recipientTrackingEmail,
  STATUS_NOTICES,
} from '../deliveries/delivery-emails.js';
import type { DeliveryRow } from '../deliveries/delivery-json.js';
import { trackingUrlOf } from '../deliveries/delivery-json.js';
import { notifyCustomer } from './notify-customer.js';

/**
 * Inside the move's transaction: the owner's in-app notice and, if they want e-mail, the e-mail; the
 * recipient gets the tracking link at pickup and the feedback link once delivered.
 */
export async function notifyStatusChange(tx: DbOrTx, services: Pick<Services, 'publicUrl' | 'env'>, d: DeliveryRow, at: Date) {
  const status: TDeliveryStatus = d.status;
  const notice = STATUS_NOTICES[status];
  if (!notice) return;
  await notifyCustomer(
    tx,
    { userId: d.customerId, deliveryId: d.id, title: notice.title, message: notice.says(d.orderId, d.recipientName) },
    at,
  );
  const trackingUrl = trackingUrlOf(services.publicUrl, d.orderId);
  const [owner] = await tx
    .select({ email: users.email, firstName: users.firstName, preferences: users.notificationPreferences, isDeleted: users.isDeleted })
    .from(users)
    .where(eq(users.id, d.customerId));
  if (owner && !owner.isDeleted && owner.preferences.emailUpdates) {
    const facts = {
      to: owner.email,
      firstName: owner.firstName,
      orderId: d.orderId,
      recipientName: d.recipientName,
      requiredBy: d.requiredBy,
      estimatedDelivery: d.estimatedDelivery,
      trackingUrl,
      timeZone: services.env.BUSINESS_TZ,
    };
    await enqueueEmail(tx, status === 'cancelled' ? deliveryCancelledEmail(facts) : deliveryStatusEmail(facts, status), at);
  }
  if (status === 'picked_up') await enqueueEmail(tx, recipientTrackingEmail(d.recipientEmail, d.orderId, trackingUrl), at);
  if (status === 'delivered') await enqueueEmail(tx, recipientFeedbackEmail(d.recipientEmail, d.orderId, `${trackingUrl}/feedback`), at);
}
