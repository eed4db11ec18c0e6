import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rateCards, rateCardVersions } from '../../db/schema/index.js';
import { notFound } from '../../platform/app-error.js';
import { cardOf, RATE_CARD_NOT_FOUND } from './rate-card-json.js';

/**
 * The card version a delivery is priced with, marked as used (in the caller's transaction) so that editing the
 * card from now on makes a new version. The card row is held for share: an edit in place cannot slip between
 * reading these prices and marking them used.
 */
export async function takeRateCardVersion(tx: DbOrTx, rateCardId: string, at: Date) {
  const [card] = await tx.select().from(rateCards).where(eq(rateCards.id, rateCardId)).for('share');
  if (!card) throw notFound(RATE_CARD_NOT_FOUND);
  const [version] = await tx
    .select()
    .from(rateCardVersions)
    .where(and(eq(rateCardVersions.rateCardId, card.id), eq(rateCardVersions.version, card.currentVersion)));
  if (!version.firstUsedAt) {
    await tx
      .update(rateCardVersions)
      .set({ firstUsedAt: at })
      .where(
        and(eq(rateCardVersions.rateCardId, card.id), eq(rateCardVersions.version, version.version), isNull(rateCardVersions.firstUsedAt)),
      );
  }
  return { rateCardId: card.id, version: version.version, card: cardOf(card.name, version) };
}

/** A stored version, for re-pricing what it priced. */
export async function rateCardVersion(db: DbOrTx, rateCardId: string, version: number) {
  const [row] = await db
    .select({ name: rateCards.name, prices: rateCardVersions.prices })
    .from(rateCardVersions)
    .innerJoin(rateCards, eq(rateCards.id, rateCardVersions.rateCardId))
    .where(and(eq(rateCardVersions.rateCardId, rateCardId), eq(rateCardVersions.version, version)));
  if (!row) throw notFound(RATE_CARD_NOT_FOUND);
  return cardOf(row.name, row);
}
