import { PAY_READ_FORBIDDEN } from '@courier/contract';
import { forbidden, notFound } from '../../platform/app-error.js';
import { type Actor, mayReadDriverPay, mayReadOwnEarnings } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { SETTLEMENT_NOT_FOUND } from './driver-pay-json.js';
import { settlementDetail } from './settlements.queries.js';

/** A settlement with its items: staff read any; a driver reads their own (another's answers 404). */
export async function getSettlement(services: Services, actor: Actor, input: { id: string }) {
  if (!mayReadDriverPay(actor) && actor.role !== 'DRIVER') throw forbidden(PAY_READ_FORBIDDEN);
  const detail = await settlementDetail(services.db, input.id);
  if (!mayReadDriverPay(actor) && !mayReadOwnEarnings(actor, detail.driverId)) throw notFound(SETTLEMENT_NOT_FOUND);
  return detail;
}
