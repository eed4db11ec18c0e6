import type { TDeliveryPricing, TRateCardBody } from '@courier/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { deliveries, invoiceLines } from '../../db/schema/index.js';
import { forbidden } from '../../platform/app-error.js';
import { type Actor, mayReadInvoices } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { priceDelivery } from '../billing/rate-formula.js';
import { rateCardVersion } from '../billing/take-rate-card-version.js';
import { findInvoice } from './invoice-json.js';
import { INVOICE_READ_FORBIDDEN } from './list-invoices.js';

interface Difference {
  lineId: string | null;
  deliveryId: string;
  trackingNumber: string;
  code: string;
  invoicedCents: number | null;
  repricedCents: number | null;
}

/**
 * Re-rates every delivery of the invoice from its stored inputs and the card version it was priced with, and compares
 * each charge with what the invoice priced it at (an adjustment on review is a decision, not a difference).
 */
export async function repriceInvoice(services: Services, actor: Actor, input: { id: string }) {
  if (!mayReadInvoices(actor)) throw forbidden(INVOICE_READ_FORBIDDEN);
  const { invoice } = await findInvoice(services.db, input.id);
  const lines = await services.db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoice.id))
    .orderBy(asc(invoiceLines.position));
  const ids = [...new Set(lines.map((l) => l.deliveryId))];
  const priced =
    ids.length === 0
      ? []
      : await services.db.select({ id: deliveries.id, pricing: deliveries.pricing }).from(deliveries).where(inArray(deliveries.id, ids));
  const pricingOf = new Map(priced.map((d) => [d.id, d.pricing as TDeliveryPricing | null]));
  const cards = new Map<string, Promise<TRateCardBody>>();
  const cardOf = (p: TDeliveryPricing) => {
    const key = `${p.rateCardId}@${p.rateCardVersion}`;
    const card = cards.get(key) ?? rateCardVersion(services.db, p.rateCardId, p.rateCardVersion);
    cards.set(key, card);
    return card;
  };
  const differences: Difference[] = [];
  for (const deliveryId of ids) {
    const mine = lines.filter((l) => l.deliveryId === deliveryId);
    const pricing = pricingOf.get(deliveryId);
    const again = pricing ? priceDelivery(await cardOf(pricing), pricing.inputs).lines : [];
    for (let i = 0; i < Math.max(mine.length, again.length); i++) {
      const line = mine[i];
      const redo = again[i];
      if (line && redo && line.code === redo.code && line.pricedCents === redo.amountCents) continue;
      differences.push({
        lineId: line?.id ?? null,
        deliveryId,
        trackingNumber: mine[0].trackingNumber,
        code: line?.code ?? redo?.code ?? '',
        invoicedCents: line?.pricedCents ?? null,
        repricedCents: redo?.amountCents ?? null,
      });
    }
  }
  return { matches: differences.length === 0, differences };
}
