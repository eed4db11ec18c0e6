import { PAY_CHANGE_FORBIDDEN } from '@courier/contract';
import { and, eq } from 'drizzle-orm';
import { settlements } from '../../db/schema/index.js';
import { conflict, forbidden } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, mayChangeDriverPay } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { findSettlement, settlementDetail } from './settlements.queries.js';

export const NOT_DRAFT = 'Only a draft settlement can be approved';

/** draft -> approved, by an administrator; the row changes only if it is still a draft (of two, one wins). */
export async function approveSettlement(services: Services, actor: Actor, input: { id: string }) {
  if (!mayChangeDriverPay(actor)) throw forbidden(PAY_CHANGE_FORBIDDEN);
  const s = await findSettlement(services.db, input.id);
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    const [row] = await tx
      .update(settlements)
      .set({ status: 'approved', approvedBy: actor.id, approvedAt: now })
      .where(and(eq(settlements.id, s.id), eq(settlements.status, 'draft')))
      .returning({ id: settlements.id });
    if (!row) throw conflict(NOT_DRAFT);
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'driver_pay.settlement_approved',
        targetType: 'settlement',
        targetId: s.id,
        ip: actor.ip,
        details: { netCents: s.netCents },
      },
      now,
    );
  });
  return settlementDetail(services.db, s.id);
}
