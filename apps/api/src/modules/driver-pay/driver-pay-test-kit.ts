import type { TDeliveryPricing } from '@courier/contract';
import type { TestApp } from '../../test/test-app.js';
import { jpegWithExif, storePricingForTest } from '../deliveries/delivery-test-kit.js';
import { type Crew, type Person, deliveryIn, proofForm } from '../dispatch/operations-test-kit.js';

/** Test helpers for driver pay (not a test file itself). */

/** What a plain priced job's price was computed from (the lines below are the test's own amounts). */
const INPUTS: TDeliveryPricing['inputs'] = {
  deliveryType: 'STANDARD',
  miles: 8,
  pickupZip: null,
  dropoffZip: null,
  packageSize: 'small',
  priority: 'routine',
  temperature: 'ambient',
  specimen: false,
  controlledSubstance: false,
  requiredBy: null,
  fuelPercent: null,
  waits: [],
  failedAttempts: 0,
  returned: false,
  cancelled: null,
};

export const pricingOf = (
  lines: Partial<Record<'base' | 'fuel' | 'stat', number>>,
  rateCardId = '00000000-0000-4000-8000-000000000001',
): TDeliveryPricing => ({
  rateCardId,
  rateCardVersion: 1,
  inputs: INPUTS,
  lines: Object.entries(lines).map(([code, amountCents]) => ({ code: code as 'base', description: code, amountCents: amountCents ?? 0 })),
});

export const RULE = {
  perStopCents: 400,
  perMileCents: 55,
  commissionPercent: 20,
  commissionOn: ['base'],
  perFailedAttemptCents: 600,
  perReturnCents: 500,
};

export function payKit(t: TestApp, people: () => Crew) {
  const driverStatus = (id: string, payload: object, who: Person) =>
    t.app.inject({ method: 'POST', url: `/api/v1/driver/deliveries/${id}/status`, headers: who.auth, payload });
  let cardId: string | undefined;
  /** A real card ($30.00 whatever the miles): a failed attempt re-prices the job from its stored card version. */
  const flatCard = async () => {
    if (cardId) return cardId;
    const flat = { baseCents: 3000, includedMiles: 100, perMileCents: 0, minimumCents: 0 };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/rate-cards',
      headers: people().ADMIN.auth,
      payload: { name: 'Flat $30', currency: 'USD', deliveryTypes: { STANDARD: flat, EXPRESS: flat, SAME_DAY: flat, NEXT_DAY: flat } },
    });
    if (res.statusCode !== 201) throw new Error(`rate card: ${res.body}`);
    cardId = res.json().data._id as string;
    return cardId;
  };
  return {
    setRule: (driverId: string, rule: object, who = people().ADMIN) =>
      t.app.inject({ method: 'PUT', url: `/api/v1/admin/drivers/${driverId}/pay-rule`, headers: who.auth, payload: rule }),
    items: (driverId: string, from: string, to: string, who = people().ADMIN) =>
      t.app.inject({ url: `/api/v1/admin/drivers/${driverId}/pay-items?from=${from}&to=${to}`, headers: who.auth }),
    driverStatus,
    /** A priced job on its way with `driver`, then handed over: delivered with a photo. */
    async deliverPricedJob(driver: Person, lines = { base: 4800, fuel: 480, stat: 2000 }, milesTenths = 124) {
      const d = await deliveryIn(t, 'in_transit', people().CUSTOMER.id, driver.id, { packageType: 'DOCUMENT' });
      await storePricingForTest(t.db, d.id, pricingOf(lines), milesTenths);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/driver/deliveries/${d.id}/pod`,
        headers: driver.auth,
        payload: proofForm({ recipientName: 'Front desk' }, { photo: await jpegWithExif() }) as never,
      });
      if (res.statusCode !== 200) throw new Error(`delivery failed: ${res.body}`);
      return d;
    },
    async failJob(driver: Person) {
      const d = await deliveryIn(t, 'in_transit', people().CUSTOMER.id, driver.id, { packageType: 'DOCUMENT' });
      await storePricingForTest(t.db, d.id, pricingOf({ base: 3000 }, await flatCard()), 80);
      const res = await driverStatus(d.id, { status: 'failed_attempt', reason: 'recipient_absent' }, driver);
      if (res.statusCode !== 200) throw new Error(`failed attempt failed: ${res.body}`);
      return d;
    },
  };
}
