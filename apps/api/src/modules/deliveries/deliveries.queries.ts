import { TRACKING_NUMBER_PATTERN } from '@courier/contract';
import { eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { deliveries, deliveryReturns, proofsOfDelivery, shippingLabels } from '../../db/schema/index.js';
import { notFound } from '../../platform/app-error.js';
import { type Actor, mayReadDelivery } from '../../platform/policy.js';
import { attemptsColumn } from '../../shared/attempts-json.js';
import type { DeliveryView } from '../../shared/delivery-json.js';
import { readingsColumn } from '../../shared/handling-json.js';
import { discrepanciesColumn } from '../../shared/discrepancies-json.js';
import { isUuid } from '../../shared/ids.js';
import { piecesColumn } from '../../shared/pieces-json.js';

/** A delivery is addressed by its _id or its tracking number; anything else matches nothing. */
export function deliveryKey(idOrTrackingNumber: string): SQL | null {
  if (isUuid(idOrTrackingNumber)) return eq(deliveries.id, idOrTrackingNumber);
  const trackingNumber = idOrTrackingNumber.toUpperCase();
  return TRACKING_NUMBER_PATTERN.test(trackingNumber) ? eq(deliveries.orderId, trackingNumber) : null;
}

export const DELIVERY_NOT_FOUND = 'Delivery not found';

/** What every delivery answer is made of: the row, its label, its proof of delivery, its attempts, hand-back and readings. */
export const DELIVERY_VIEW_COLUMNS = {
  delivery: deliveries,
  label: shippingLabels,
  pod: proofsOfDelivery,
  attempts: attemptsColumn,
  handback: deliveryReturns,
  readings: readingsColumn,
  discrepancies: discrepanciesColumn,
  pieces: piecesColumn,
};

/** The selection every delivery answer starts from (the label, proof and hand-back joined). */
export function selectDeliveryViews(db: DbOrTx) {
  return db
    .select(DELIVERY_VIEW_COLUMNS)
    .from(deliveries)
    .leftJoin(shippingLabels, eq(shippingLabels.deliveryId, deliveries.id))
    .leftJoin(proofsOfDelivery, eq(proofsOfDelivery.deliveryId, deliveries.id))
    .leftJoin(deliveryReturns, eq(deliveryReturns.deliveryId, deliveries.id));
}

/** A delivery the actor may read in full (owner, assigned driver, staff); any other answers like an unknown one. */
export async function findReadableDelivery(db: DbOrTx, actor: Actor, idOrTrackingNumber: string): Promise<DeliveryView> {
  const key = deliveryKey(idOrTrackingNumber);
  if (!key) throw notFound(DELIVERY_NOT_FOUND);
  const [view] = await selectDeliveryViews(db).where(key).limit(1);
  if (!view || !mayReadDelivery(actor, view.delivery)) throw notFound(DELIVERY_NOT_FOUND);
  return view;
}
