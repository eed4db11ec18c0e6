import type { TRateCard, TRateCardBody } from '@courier/contract';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rateCards, rateCardVersions } from '../../db/schema/index.js';
import { notFound } from '../../platform/app-error.js';
import { isUuid } from '../../shared/ids.js';

export const RATE_CARD_NOT_FOUND = 'Rate card not found';
type CardRow = typeof rateCards.$inferSelect;
type VersionRow = typeof rateCardVersions.$inferSelect;

/** The card as it leaves: its current version's prices and the list of its versions (whitelisted fields). */
export function toRateCardJson(card: CardRow, versions: VersionRow[]): TRateCard {
  const current = versions.find((v) => v.version === card.currentVersion);
  if (!current) throw new Error(`rate card ${card.id} has no version ${card.currentVersion}`);
  const p = current.prices;
  return {
    _id: card.id,
    name: card.name,
    currency: p.currency,
    version: current.version,
    effectiveFrom: current.effectiveFrom.toISOString(),
    deliveryTypes: p.deliveryTypes,
    zones: p.zones,
    zonePrices: p.zonePrices,
    sizeCents: p.sizeCents,
    surcharges: p.surcharges,
    versions: versions.map((v) => ({ version: v.version, effectiveFrom: v.effectiveFrom.toISOString(), inUse: !!v.firstUsedAt })),
    createdAt: card.createdAt.toISOString(),
    updatedAt: card.updatedAt.toISOString(),
  };
}

/** The card and all its versions; 404 for an unknown or malformed id. `forUpdate` holds the card row. */
export async function findRateCard(db: DbOrTx, id: string, forUpdate = false) {
  if (!isUuid(id)) throw notFound(RATE_CARD_NOT_FOUND);
  const query = db.select().from(rateCards).where(eq(rateCards.id, id));
  const [card] = forUpdate ? await query.for('update') : await query;
  if (!card) throw notFound(RATE_CARD_NOT_FOUND);
  const versions = await db
    .select()
    .from(rateCardVersions)
    .where(eq(rateCardVersions.rateCardId, id))
    .orderBy(asc(rateCardVersions.version));
  return { card, versions };
}

/** A version's prices with the card's name, as the formula reads a card. */
export const cardOf = (name: string, v: Pick<VersionRow, 'prices'>): TRateCardBody => ({ name, ...v.prices });
