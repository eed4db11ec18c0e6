import { type TRateCardBody, ZRateCardBody } from '@courier/contract';
import { rateCards, rateCardVersions } from '../../db/schema/index.js';
import { forbidden } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, mayEditPricing } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { toRateCardJson } from './rate-card-json.js';

export const PRICING_EDIT_FORBIDDEN = 'Only an administrator can change rate cards and fuel surcharges';

/** An administrator writes a new card; its first version is in force from now. */
export async function createRateCard(services: Services, actor: Actor, input: TRateCardBody) {
  if (!mayEditPricing(actor)) throw forbidden(PRICING_EDIT_FORBIDDEN);
  const { name, ...prices } = ZRateCardBody.parse(input);
  const now = services.clock.now();
  return services.db.transaction(async (tx) => {
    const [card] = await tx.insert(rateCards).values({ name, currentVersion: 1, createdAt: now, updatedAt: now }).returning();
    const [version] = await tx
      .insert(rateCardVersions)
      .values({ rateCardId: card.id, version: 1, prices, effectiveFrom: now, createdBy: actor.id, createdAt: now })
      .returning();
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'rate_card.create',
        targetType: 'rate_card',
        targetId: card.id,
        ip: actor.ip,
        details: { after: { name, ...prices } },
      },
      now,
    );
    return toRateCardJson(card, [version]);
  });
}
