import { and, eq } from 'drizzle-orm';
import { deliveries, users } from '../../db/schema/index.js';
import { conflict, notFound } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { enqueueEmail } from '../../platform/outbox.js';
import type { SessionUser } from '../../plugins/auth.js';
import type { Services } from '../../services.js';
import { notifyCustomer } from '../notifications/notify-customer.js';
import { appendCustodyEvent } from './custody.js';
import { DELIVERY_NOT_FOUND, deliveryKey } from './deliveries.queries.js';
import { deliveryCancelledEmail } from './delivery-emails.js';
import { trackingUrlOf } from './delivery-json.js';

export const ONLY_PENDING_CANCELS = 'Only a pending delivery can be cancelled';

/** The owner withdraws a request that nobody has approved yet; later stages are staff's to cancel. */
export async function cancelDelivery(services: Services, actor: SessionUser & { ip?: string }, idOrOrderId: string, reason?: string) {
  const { db, clock, env } = services;
  const key = deliveryKey(idOrOrderId);
  if (!key) throw notFound(DELIVERY_NOT_FOUND);
  const now = clock.now();
  const cancelled = await db.transaction(async (tx) => {
    const [d] = await tx
      .select()
      .from(deliveries)
      .where(and(key, eq(deliveries.customerId, actor.id)))
      .for('update');
    if (!d) throw notFound(DELIVERY_NOT_FOUND);
    if (d.status !== 'pending') throw conflict(ONLY_PENDING_CANCELS);
    const [row] = await tx
      .update(deliveries)
      .set({ status: 'cancelled', cancelReason: reason || null, updatedAt: now })
      .where(eq(deliveries.id, d.id))
      .returning();
    await appendCustodyEvent(tx, {
      deliveryId: d.id,
      status: 'cancelled',
      locationLabel: d.currentLabel ?? d.pickupLabel,
      lat: d.currentLat ?? d.pickupLat,
      lng: d.currentLng ?? d.pickupLng,
      actorId: actor.id,
      actorRole: actor.role,
      note: reason ? `Cancelled by the customer: ${reason}` : 'Cancelled by the customer',
      at: now,
    });
    await notifyCustomer(
      tx,
      {
        userId: actor.id,
        deliveryId: d.id,
        title: 'Delivery cancelled',
        message: `Your delivery ${d.orderId} to ${d.recipientName} has been cancelled.`,
      },
      now,
    );
    const [customer] = await tx
      .select({ email: users.email, firstName: users.firstName, preferences: users.notificationPreferences })
      .from(users)
      .where(eq(users.id, actor.id));
    if (customer?.preferences.emailUpdates) {
      const facts = {
        to: customer.email,
        firstName: customer.firstName,
        orderId: d.orderId,
        recipientName: d.recipientName,
        requiredBy: d.requiredBy,
        estimatedDelivery: d.estimatedDelivery,
        trackingUrl: trackingUrlOf(services.publicUrl, d.orderId),
        timeZone: env.BUSINESS_TZ,
      };
      await enqueueEmail(tx, deliveryCancelledEmail(facts), now);
    }
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'delivery.cancel',
        targetType: 'delivery',
        targetId: d.id,
        ip: actor.ip,
        details: { orderId: d.orderId, from: d.status, reason: reason || null },
      },
      now,
    );
    return row;
  });
  services.outbox.kick();
  return cancelled;
}
