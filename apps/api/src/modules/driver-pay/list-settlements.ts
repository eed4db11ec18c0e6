import { PAY_READ_FORBIDDEN } from '@courier/contract';
import { forbidden } from '../../platform/app-error.js';
import { type Actor, mayReadDriverPay } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { toSettlementJson } from './driver-pay-json.js';
import { findSettlements, type SettlementFilter } from './settlements.queries.js';

/** Staff list settlements by status, driver and period (newest period first). */
export async function listSettlements(services: Services, actor: Actor, filter: SettlementFilter) {
  if (!mayReadDriverPay(actor)) throw forbidden(PAY_READ_FORBIDDEN);
  return (await findSettlements(services.db, filter)).map(toSettlementJson);
}
