import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { deliveries, users } from '../../db/schema/index.js';
import { attemptsColumn } from '../../shared/attempts-json.js';
import { collectFromOf, holderColumn } from '../../shared/collect-from.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';

/** The driver a pickup takes the parcel over from (a custody hand-over between drivers), or null. */
export async function handOverFrom(
  db: DbOrTx,
  d: Pick<DeliveryRow, 'id' | 'driverId' | 'status'>,
): Promise<{ driverId: string; name: string } | null> {
  // The join makes drizzle qualify the columns the correlated subqueries name.
  const [row] = await db
    .select({ attempts: attemptsColumn, holder: holderColumn })
    .from(deliveries)
    .innerJoin(users, eq(users.id, deliveries.customerId))
    .where(eq(deliveries.id, d.id))
    .limit(1);
  const from = row ? collectFromOf(d, row.attempts, row.holder) : null;
  return from ? { driverId: from.driverId, name: from.driverName ?? 'the previous driver' } : null;
}
