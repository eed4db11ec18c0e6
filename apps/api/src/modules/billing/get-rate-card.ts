import { forbidden } from '../../platform/app-error.js';
import { type Actor, mayReadPricing } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { PRICING_READ_FORBIDDEN } from './list-rate-cards.js';
import { findRateCard, toRateCardJson } from './rate-card-json.js';

/** One card: its current prices and its versions. */
export async function getRateCard(services: Services, actor: Actor, input: { id: string }) {
  if (!mayReadPricing(actor)) throw forbidden(PRICING_READ_FORBIDDEN);
  const { card, versions } = await findRateCard(services.db, input.id);
  return toRateCardJson(card, versions);
}
