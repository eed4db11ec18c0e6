import { PAY_CHANGE_FORBIDDEN, ZSettlementPaidRequest } from '@courier/contract';
import { and, eq } from 'drizzle-orm';
import { settlements } from '../../db/schema/index.js';
import { conflict, forbidden } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, mayChangeDriverPay } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { findSettlement, settlementDetail } from './settlements.queries.js';

export const NOT_APPROVED = 'Only an approved settlement can be marked paid';

/** approved -> paid, with the day and the payment's reference. */
export async function markSettlementPaid(services: Services, actor: Actor, input: { id: string; paidOn: string; reference: string }) {
  if (!mayChangeDriverPay(actor)) throw forbidden(PAY_CHANGE_FORBIDDEN);
  const { paidOn, reference } = ZSettlementPaidRequest.parse(input);
  const s = await findSettlement(services.db, input.id);
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    const [row] = await tx
      .update(settlements)
      .set({ status: 'paid', paidOn, paidReference: reference, paidBy: actor.id })
      .where(and(eq(settlements.id, s.id), eq(settlements.status, 'approved')))
      .returning({ id: settlements.id });
    if (!row) throw conflict(NOT_APPROVED);
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'driver_pay.settlement_paid',
        targetType: 'settlement',
        targetId: s.id,
        ip: actor.ip,
        details: { paidOn, reference, netCents: s.netCents },
      },
      now,
    );
  });
  return settlementDetail(services.db, s.id);
}
