import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { deliveries } from '../../db/schema/index.js';
import { selectDeliveryViews } from '../deliveries/deliveries.queries.js';

export async function findDeliveryView(db: DbOrTx, deliveryId: string) {
  const [view] = await selectDeliveryViews(db).where(eq(deliveries.id, deliveryId)).limit(1);
  return view;
}
