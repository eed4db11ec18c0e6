import { and, asc, eq } from 'drizzle-orm';
import { rateCards, rateCardVersions } from '../../db/schema/index.js';
import { forbidden } from '../../platform/app-error.js';
import { type Actor, mayReadPricing } from '../../platform/policy.js';
import type { Services } from '../../services.js';

export const PRICING_READ_FORBIDDEN = 'Only a manager or an administrator can see rate cards and fuel surcharges';

/** Every card with its current version, by name. */
export async function listRateCards(services: Services, actor: Actor) {
  if (!mayReadPricing(actor)) throw forbidden(PRICING_READ_FORBIDDEN);
  const rows = await services.db
    .select({
      id: rateCards.id,
      name: rateCards.name,
      version: rateCards.currentVersion,
      effectiveFrom: rateCardVersions.effectiveFrom,
      updatedAt: rateCards.updatedAt,
    })
    .from(rateCards)
    .innerJoin(rateCardVersions, and(eq(rateCardVersions.rateCardId, rateCards.id), eq(rateCardVersions.version, rateCards.currentVersion)))
    .orderBy(asc(rateCards.name), asc(rateCards.id));
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    version: r.version,
    effectiveFrom: r.effectiveFrom.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}
