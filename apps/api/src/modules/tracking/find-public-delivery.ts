import { MESSAGES, normalizeTrackingNumber } from '@courier/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { deliveries } from '../../db/schema/index.js';
import { notFound } from '../../platform/app-error.js';

/** Only the columns the public side may use: no names, phones, e-mails, addresses or contents. */
export const publicParcelColumns = {
  orderId: deliveries.orderId,
  status: deliveries.status,
  estimatedDelivery: deliveries.estimatedDelivery,
  requiredBy: deliveries.requiredBy,
  pickupLabel: deliveries.pickupLabel,
  pickupLat: deliveries.pickupLat,
  pickupLng: deliveries.pickupLng,
  deliveryLabel: deliveries.deliveryLabel,
  deliveryLat: deliveries.deliveryLat,
  deliveryLng: deliveries.deliveryLng,
  /** Only whether a hold exists ("On hold"): never its reason, readings or anything clinical. */
  holdSince: deliveries.holdSince,
  /** Only whether the receiving lab rejected it ("Rejected by lab"): never the reason. */
  receiptStatus: deliveries.receiptStatus,
  /** Only whether the recipient was told the driver is about 10 minutes away (tracking says the same). */
  arrivingNoticeAt: deliveries.arrivingNoticeAt,
};

const publicColumns = { id: deliveries.id, driverId: deliveries.driverId, ...publicParcelColumns };

export type PublicDelivery = Awaited<ReturnType<typeof findPublicDelivery>>;

/**
 * A delivery by its tracking number. A malformed number and an unknown one answer the same 404, and the
 * malformed one never reaches the database.
 */
export async function findPublicDelivery(db: DbOrTx, rawTrackingNumber: string) {
  const orderId = normalizeTrackingNumber(rawTrackingNumber);
  if (!orderId) throw notFound(MESSAGES.trackingInvalid);
  const [row] = await db.select(publicColumns).from(deliveries).where(eq(deliveries.orderId, orderId)).limit(1);
  if (!row) throw notFound(MESSAGES.trackingInvalid);
  return row;
}
