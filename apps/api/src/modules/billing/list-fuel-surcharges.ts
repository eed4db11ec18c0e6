import { desc } from 'drizzle-orm';
import { fuelSurcharges } from '../../db/schema/index.js';
import { forbidden } from '../../platform/app-error.js';
import { type Actor, mayReadPricing } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { toFuelSurchargeJson } from './fuel-surcharge-json.js';
import { PRICING_READ_FORBIDDEN } from './list-rate-cards.js';

/** Every fuel range, the latest first. */
export async function listFuelSurcharges(services: Services, actor: Actor) {
  if (!mayReadPricing(actor)) throw forbidden(PRICING_READ_FORBIDDEN);
  const rows = await services.db.select().from(fuelSurcharges).orderBy(desc(fuelSurcharges.from));
  return rows.map(toFuelSurchargeJson);
}
