import type { TDeliveryPricing, TPriceInputs } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { customerAccounts } from '../../db/schema/index.js';
import { createDelivery, createUser } from '../../db/seed/factories.js';
import type { TestApp } from '../../test/test-app.js';
import { storePricingForTest } from '../deliveries/delivery-test-kit.js';
import { priceDelivery } from '../billing/rate-formula.js';
import { takeRateCardVersion } from '../billing/take-rate-card-version.js';

/** Test helpers for invoices (not a test file itself). */

const typePrice = (baseCents: number) => ({ baseCents, includedMiles: 5, perMileCents: 150, minimumCents: baseCents });
export const INVOICE_CARD = {
  name: 'Clinics 2026',
  currency: 'USD',
  deliveryTypes: { STANDARD: typePrice(1500), EXPRESS: typePrice(2500), SAME_DAY: typePrice(2000), NEXT_DAY: typePrice(1200) },
  zones: [],
  zonePrices: [],
  sizeCents: { large: 500 },
  surcharges: { statCents: 2000 },
};

export const jobInputs = (over: Partial<TPriceInputs> = {}): TPriceInputs => ({
  deliveryType: 'SAME_DAY',
  miles: 8.4,
  pickupZip: '02114',
  dropoffZip: '02215',
  packageSize: 'large',
  priority: 'routine',
  temperature: 'ambient',
  specimen: false,
  controlledSubstance: false,
  requiredBy: null,
  fuelPercent: 12.5,
  waits: [],
  failedAttempts: 0,
  returned: false,
  cancelled: null,
  ...over,
});

export async function signedIn(
  t: TestApp,
  role: 'SUPER_ADMIN' | 'ADMIN' | 'MANAGER' | 'STAFF' | 'CUSTOMER' | 'DRIVER',
  extra: Parameters<typeof createUser>[1] = {},
) {
  const { user } = await createUser(t.db, { role, ...extra });
  return { user, headers: await t.bearer(user) };
}

export async function newRateCard(t: TestApp, headers: Record<string, string>) {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/admin/rate-cards', headers, payload: INVOICE_CARD });
  expect(res.statusCode).toBe(201);
  return res.json().data._id as string;
}

/**
 * A customer account (its owner signed in) with a billing e-mail and terms, and a function that books a delivery
 * for it, finished (delivered) at `finishedAt`, priced by the card with `inputs`.
 */
export async function clinic(t: TestApp, cardId: string, name: string, terms = 30) {
  const owner = await signedIn(t, 'CUSTOMER', { organisation: name });
  const accountId = owner.user.accountId as string;
  await t.db
    .update(customerAccounts)
    .set({
      billingEmail: `billing@${name.toLowerCase().replaceAll(' ', '')}.test`,
      paymentTermsDays: terms,
      billingAddress: '1 Main St\nBoston, MA 02114',
    })
    .where(eq(customerAccounts.id, accountId));
  const deliver = async (finishedAt: string, inputs: Partial<TPriceInputs> = {}, reference: string | null = null) => {
    // The factory's custody chain ends (delivered) 5 steps after booking; the trigger sets finished_at from it.
    const delivery = await createDelivery(t.db, {
      customerId: owner.user.id,
      status: 'delivered',
      createdAt: new Date(Date.parse(finishedAt) - 5 * 60_000),
      stepMinutes: 1,
    });
    const taken = await t.db.transaction((tx) => takeRateCardVersion(tx, cardId, new Date(finishedAt)));
    const jobIn = jobInputs(inputs);
    const pricing: TDeliveryPricing = {
      rateCardId: cardId,
      rateCardVersion: taken.version,
      inputs: jobIn,
      lines: priceDelivery(taken.card, jobIn).lines,
    };
    await storePricingForTest(t.db, delivery.id, pricing, Math.round(jobIn.miles * 10));
    if (reference) await setReferenceForTest(t, delivery.id, reference);
    return { delivery, pricing, totalCents: pricing.lines.reduce((s, l) => s + l.amountCents, 0) };
  };
  return { owner, accountId, deliver };
}

async function setReferenceForTest(t: TestApp, deliveryId: string, reference: string) {
  const { deliveries } = await import('../../db/schema/index.js');
  await t.db.update(deliveries).set({ reference }).where(eq(deliveries.id, deliveryId));
}
