import type { Actor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { standingOrdersJson } from './standing-order-json.js';
import { findStandingOrder } from './standing-orders.queries.js';

/** One standing order with its next five required-by times (owner or staff). */
export async function readStandingOrder(services: Services, actor: Actor, input: { id: string }) {
  const order = await findStandingOrder(services.db, actor, input.id);
  const [data] = await standingOrdersJson(services, actor, [order]);
  return { success: true as const, data };
}
