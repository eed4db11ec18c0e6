import type { TPayItem, TPayRule, TPayTotals, TSettlement } from '@courier/contract';
import { ROLE_IDS } from '@courier/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type payItems, type payRules, type settlements, users } from '../../db/schema/index.js';
import { isUuid } from '../../shared/ids.js';
import { notFound } from '../../platform/app-error.js';

export const DRIVER_NOT_FOUND = 'Driver not found';
export const SETTLEMENT_NOT_FOUND = 'Settlement not found';

export const toPayRuleJson = (r: typeof payRules.$inferSelect): TPayRule => ({
  _id: r.id,
  driverId: r.driverId,
  version: r.version,
  perStopCents: r.perStopCents,
  perMileCents: r.perMileCents,
  commissionPercent: Number(r.commissionPercent),
  commissionOn: r.commissionOn,
  perFailedAttemptCents: r.perFailedAttemptCents,
  perReturnCents: r.perReturnCents,
  effectiveFrom: r.effectiveFrom.toISOString(),
  createdAt: r.createdAt.toISOString(),
});

export type PayItemRow = typeof payItems.$inferSelect & { orderId?: string | null };

export const toPayItemJson = (i: PayItemRow): TPayItem => ({
  _id: i.id,
  driverId: i.driverId,
  deliveryId: i.deliveryId,
  orderId: i.orderId ?? null,
  code: i.code,
  amountCents: i.amountCents,
  explanation: i.explanation,
  earnedOn: i.earnedOn,
  earnedAt: i.earnedAt.toISOString(),
  milesTenths: i.milesTenths,
  settlementId: i.settlementId,
  reason: i.reason,
  createdBy: i.createdBy,
});

/** Jobs, miles, what the work earned (gross), adjustments and the sum (net). */
export function payTotals(items: readonly Pick<PayItemRow, 'code' | 'amountCents' | 'milesTenths'>[]): TPayTotals {
  let jobs = 0;
  let milesTenths = 0;
  let grossCents = 0;
  let adjustmentsCents = 0;
  for (const i of items) {
    if (i.code === 'adjustment') adjustmentsCents += i.amountCents;
    else grossCents += i.amountCents;
    if (i.code === 'job') {
      jobs++;
      milesTenths += i.milesTenths ?? 0;
    }
  }
  return { jobs, milesTenths, grossCents, adjustmentsCents, netCents: grossCents + adjustmentsCents };
}

export const toSettlementJson = (s: typeof settlements.$inferSelect & { driverName: string }): TSettlement => ({
  _id: s.id,
  driverId: s.driverId,
  driverName: s.driverName,
  from: s.periodFrom,
  to: s.periodTo,
  status: s.status,
  jobs: s.jobs,
  milesTenths: s.milesTenths,
  grossCents: s.grossCents,
  adjustmentsCents: s.adjustmentsCents,
  netCents: s.netCents,
  itemCount: s.itemCount,
  approvedAt: s.approvedAt?.toISOString() ?? null,
  paidOn: s.paidOn,
  paidReference: s.paidReference,
  createdAt: s.createdAt.toISOString(),
});

/** A driver's account by id: anything else (an unknown id, a customer, staff) answers 404. */
export async function findDriver(db: DbOrTx, id: string) {
  if (!isUuid(id)) throw notFound(DRIVER_NOT_FOUND);
  const [driver] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.id, id), eq(users.roleId, ROLE_IDS.DRIVER)))
    .limit(1);
  if (!driver) throw notFound(DRIVER_NOT_FOUND);
  return driver;
}
