import { PAY_READ_FORBIDDEN } from '@courier/contract';
import { forbidden } from '../../platform/app-error.js';
import { type Actor, mayReadDriverPay } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { findDriver } from './driver-pay-json.js';
import { payItemsOf } from './pay-items.queries.js';

/** Staff read a driver's items and adjustments of a period, with totals. */
export async function listPayItems(services: Services, actor: Actor, input: { driverId: string; from: string; to: string }) {
  if (!mayReadDriverPay(actor)) throw forbidden(PAY_READ_FORBIDDEN);
  const driver = await findDriver(services.db, input.driverId);
  return payItemsOf(services.db, driver.id, input);
}
