import { desc, eq } from 'drizzle-orm';
import { standingOrders } from '../../db/schema/index.js';
import { type Actor, assertAudience, isStaffActor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { toStandingOrdersJson } from './standing-order-json.js';

const LIST_MAX = 500;

/** A customer's own standing orders; staff see every customer's, each with its owner. */
export async function listStandingOrders(services: Services, actor: Actor, _input: Record<string, never> = {}) {
  assertAudience(actor, 'signedIn');
  const query = services.db.select().from(standingOrders);
  const rows = await (isStaffActor(actor) ? query : query.where(eq(standingOrders.customerId, actor.id)))
    .orderBy(desc(standingOrders.createdAt), desc(standingOrders.id))
    .limit(LIST_MAX);
  return { success: true as const, data: await toStandingOrdersJson(services, actor, rows) };
}
