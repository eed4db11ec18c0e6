import { PAY_CHANGE_FORBIDDEN, type TPayAdjustmentRequest, ZPayAdjustmentRequest } from '@courier/contract';
import { payItems } from '../../db/schema/index.js';
import { forbidden } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, mayChangeDriverPay } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { dollars } from '../billing/money.js';
import { findDriver, toPayItemJson } from './driver-pay-json.js';

/**
 * An administrator adds a signed amount to a driver's pay for a day (a fuel advance, a deduction, a correction of a
 * generated item: items are never overwritten). Who and when are in the item and the audit log.
 */
export async function addPayAdjustment(services: Services, actor: Actor, input: { driverId: string; adjustment: TPayAdjustmentRequest }) {
  if (!mayChangeDriverPay(actor)) throw forbidden(PAY_CHANGE_FORBIDDEN);
  const driver = await findDriver(services.db, input.driverId);
  const { amountCents, reason, date } = ZPayAdjustmentRequest.parse(input.adjustment);
  const now = services.clock.now();
  return services.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(payItems)
      .values({
        driverId: driver.id,
        code: 'adjustment',
        amountCents,
        explanation: `Adjustment ${amountCents < 0 ? '' : '+'}${dollars(amountCents)}: ${reason}`,
        earnedOn: date,
        earnedAt: now,
        reason,
        createdBy: actor.id,
        createdAt: now,
      })
      .returning();
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'driver_pay.adjustment',
        targetType: 'user',
        targetId: driver.id,
        ip: actor.ip,
        details: { itemId: row.id, amountCents, reason, date },
      },
      now,
    );
    return toPayItemJson(row);
  });
}
