import { type TRateCardPatch, ZRateCardBody, ZRateCardPatch } from '@courier/contract';
import { and, eq } from 'drizzle-orm';
import { rateCards, rateCardVersions } from '../../db/schema/index.js';
import { forbidden } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, mayEditPricing } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { PRICING_EDIT_FORBIDDEN } from './create-rate-card.js';
import { cardOf, findRateCard, toRateCardJson } from './rate-card-json.js';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * An administrator changes a card. Prices that have priced no delivery yet are corrected in place; once a version
 * has priced one, the change is the next version, in force from now, and the old one stays as it was.
 */
export async function updateRateCard(services: Services, actor: Actor, input: { id: string; patch: TRateCardPatch }) {
  if (!mayEditPricing(actor)) throw forbidden(PRICING_EDIT_FORBIDDEN);
  const patch = ZRateCardPatch.parse(input.patch);
  const now = services.clock.now();
  return services.db.transaction(async (tx) => {
    const { card, versions } = await findRateCard(tx, input.id, true);
    const current = versions.find((v) => v.version === card.currentVersion);
    if (!current) throw new Error(`rate card ${card.id} has no current version`);
    const before = cardOf(card.name, current);
    const { name, ...prices } = ZRateCardBody.parse({ ...before, ...patch });
    const pricesChanged = !sameJson(prices, current.prices);
    if (!pricesChanged && name === card.name) return toRateCardJson(card, versions);

    let version = current.version;
    if (pricesChanged && current.firstUsedAt) {
      version = current.version + 1;
      await tx
        .insert(rateCardVersions)
        .values({ rateCardId: card.id, version, prices, effectiveFrom: now, createdBy: actor.id, createdAt: now });
    } else if (pricesChanged) {
      await tx
        .update(rateCardVersions)
        .set({ prices })
        .where(and(eq(rateCardVersions.rateCardId, card.id), eq(rateCardVersions.version, current.version)));
    }
    await tx.update(rateCards).set({ name, currentVersion: version, updatedAt: now }).where(eq(rateCards.id, card.id));
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'rate_card.update',
        targetType: 'rate_card',
        targetId: card.id,
        ip: actor.ip,
        details: { version, newVersion: version !== current.version, before, after: { name, ...prices } },
      },
      now,
    );
    const after = await findRateCard(tx, card.id);
    return toRateCardJson(after.card, after.versions);
  });
}
