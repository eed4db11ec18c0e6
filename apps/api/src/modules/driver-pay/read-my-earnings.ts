import { desc, eq } from 'drizzle-orm';
import { settlements } from '../../db/schema/index.js';
import { forbidden } from '../../platform/app-error.js';
import { type Actor, mayReadOwnEarnings } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { toSettlementJson } from './driver-pay-json.js';
import { payItemsOf } from './pay-items.queries.js';

/** A driver's own items of a period and their statements; never another driver's. */
export async function readMyEarnings(services: Services, actor: Actor, input: { from: string; to: string }) {
  if (!mayReadOwnEarnings(actor, actor.id)) throw forbidden();
  const period = await payItemsOf(services.db, actor.id, input);
  const own = await services.db
    .select()
    .from(settlements)
    .where(eq(settlements.driverId, actor.id))
    .orderBy(desc(settlements.periodFrom), desc(settlements.createdAt))
    .limit(52);
  return { ...period, statements: own.map((s) => toSettlementJson({ ...s, driverName: '' })) };
}
