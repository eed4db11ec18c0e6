import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { deliveryAttempts, users } from '../../db/schema/index.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';

/** The driver a re-attempt's new driver collects the parcel from, or null when it is collected at the sender. */
export async function handOverFrom(
  db: DbOrTx,
  d: Pick<DeliveryRow, 'id' | 'driverId'>,
): Promise<{ driverId: string; name: string } | null> {
  const [last] = await db
    .select({
      driverId: deliveryAttempts.driverId,
      decision: deliveryAttempts.decision,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(deliveryAttempts)
    .leftJoin(users, eq(users.id, deliveryAttempts.driverId))
    .where(eq(deliveryAttempts.deliveryId, d.id))
    .orderBy(desc(deliveryAttempts.n))
    .limit(1);
  if (last?.decision !== 'reattempt' || !last.driverId || last.driverId === d.driverId) return null;
  return { driverId: last.driverId, name: `${last.firstName ?? ''} ${last.lastName ?? ''}`.trim() || 'the previous driver' };
}
