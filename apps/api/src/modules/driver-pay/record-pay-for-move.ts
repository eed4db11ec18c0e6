import type { TDeliveryStatus } from '@courier/contract';
import { and, desc, eq, lte, or, isNull, sql, count } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { deliveryAttempts, payItems, payRules } from '../../db/schema/index.js';
import type { DeliveryRow } from '../../shared/answer-types.js';
import { localClock } from '../../shared/business-time.js';
import { type PayLine, payForFailedAttempt, payForJob, payForReturn } from './pay-formula.js';

export type PayRuleRow = typeof payRules.$inferSelect;

/** The version in force for this driver at `at`: their own latest that has started, else the default's. */
export async function payRuleInForce(db: DbOrTx, driverId: string, at: Date): Promise<PayRuleRow | null> {
  const [rule] = await db
    .select()
    .from(payRules)
    .where(and(or(eq(payRules.driverId, driverId), isNull(payRules.driverId)), lte(payRules.effectiveFrom, at)))
    .orderBy(sql`${payRules.driverId} IS NULL`, desc(payRules.effectiveFrom), desc(payRules.version))
    .limit(1);
  return rule ?? null;
}

const PAID_MOVES: Partial<Record<TDeliveryStatus, 'job' | 'failed_attempt' | 'return'>> = {
  delivered: 'job',
  failed_attempt: 'failed_attempt',
  returned: 'return',
};

/**
 * Called by the delivery move inside its transaction: a drop-off, a failed drop or a return earns the driver who
 * made it (the job's driver at that moment, so a re-attempt by another driver pays that driver) what the rule in
 * force then pays. Other moves, and jobs without a driver or a rule, earn nothing.
 */
export async function recordPayForMove(tx: DbOrTx, moved: DeliveryRow, timeZone: string): Promise<void> {
  const code = PAID_MOVES[moved.status];
  if (!code || !moved.driverId) return;
  const at = moved.updatedAt;
  const rule = await payRuleInForce(tx, moved.driverId, at);
  if (!rule) return;
  let line: PayLine;
  if (code === 'job') {
    line = payForJob(rule, { milesTenths: moved.billableMilesTenths ?? 0, lines: moved.pricing?.lines ?? [] });
  } else if (code === 'failed_attempt') {
    // The move's own attempt row is written before this runs: the count is this attempt's number.
    const [{ n }] = await tx.select({ n: count() }).from(deliveryAttempts).where(eq(deliveryAttempts.deliveryId, moved.id));
    line = payForFailedAttempt(rule, Math.max(1, Number(n)));
  } else {
    line = payForReturn(rule);
  }
  await tx.insert(payItems).values({
    driverId: moved.driverId,
    deliveryId: moved.id,
    code,
    amountCents: line.amountCents,
    explanation: line.explanation,
    earnedOn: localClock(at, timeZone).date,
    earnedAt: at,
    milesTenths: code === 'job' ? (moved.billableMilesTenths ?? 0) : null,
    ruleId: rule.id,
    createdAt: at,
  });
}
