import type { TDeliveryPricing } from '@courier/contract';
import type { TestApp } from '../../test/test-app.js';
import { jpegWithExif, storePricingForTest } from '../deliveries/delivery-test-kit.js';
import { type Crew, type Person, deliveryIn, proofForm } from '../dispatch/operations-test-kit.js';

/** Test helpers for driver pay (not a test file itself). */

export const pricingOf = (lines: Partial<Record<'base' | 'fuel' | 'stat', number>>): TDeliveryPricing => ({
  rateCardId: '00000000-0000-4000-8000-000000000001',
  rateCardVersion: 1,
  inputs: {} as TDeliveryPricing['inputs'],
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
      await storePricingForTest(t.db, d.id, pricingOf({ base: 3000 }), 80);
      const res = await driverStatus(d.id, { status: 'failed_attempt', reason: 'recipient_absent' }, driver);
      if (res.statusCode !== 200) throw new Error(`failed attempt failed: ${res.body}`);
      return d;
    },
  };
}
