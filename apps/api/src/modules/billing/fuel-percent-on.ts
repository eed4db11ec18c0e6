import { and, gte, isNull, lte, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { fuelSurcharges } from '../../db/schema/index.js';

/** The fuel percentage in force on a business day (YYYY-MM-DD), or null when none is set. */
export async function fuelPercentOn(db: DbOrTx, day: string): Promise<number | null> {
  const [row] = await db
    .select({ percent: fuelSurcharges.percent })
    .from(fuelSurcharges)
    .where(and(lte(fuelSurcharges.from, day), or(isNull(fuelSurcharges.to), gte(fuelSurcharges.to, day))))
    .limit(1);
  return row ? Number(row.percent) : null;
}
