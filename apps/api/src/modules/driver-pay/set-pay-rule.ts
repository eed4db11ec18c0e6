import { PAY_CHANGE_FORBIDDEN, type TPayRuleRequest, ZPayRuleRequest } from '@courier/contract';
import { desc, eq, isNull, sql } from 'drizzle-orm';
import { payRules } from '../../db/schema/index.js';
import { forbidden } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, mayChangeDriverPay } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { findDriver, toPayRuleJson } from './driver-pay-json.js';

/** The path word for the default rule (drivers without one of their own). */
export const DEFAULT_RULE = 'default';

/**
 * An administrator writes the next version of a driver's pay rule (or the default's), in force from
 * `effectiveFrom` (now when absent). Earlier versions stay: a job is paid by the version in force when it completed.
 */
export async function setPayRule(services: Services, actor: Actor, input: { driverId: string; rule: TPayRuleRequest }) {
  if (!mayChangeDriverPay(actor)) throw forbidden(PAY_CHANGE_FORBIDDEN);
  const driverId = input.driverId === DEFAULT_RULE ? null : (await findDriver(services.db, input.driverId)).id;
  const { effectiveFrom, ...terms } = ZPayRuleRequest.parse(input.rule);
  const now = services.clock.now();
  const from = effectiveFrom ? new Date(effectiveFrom) : now;
  return services.db.transaction(async (tx) => {
    // One writer per driver's versions at a time, so two saves never take the same number.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`pay-rule:${driverId ?? DEFAULT_RULE}`}))`);
    const [last] = await tx
      .select({ version: payRules.version })
      .from(payRules)
      .where(driverId ? eq(payRules.driverId, driverId) : isNull(payRules.driverId))
      .orderBy(desc(payRules.version))
      .limit(1);
    const [row] = await tx
      .insert(payRules)
      .values({ driverId, version: (last?.version ?? 0) + 1, ...terms, effectiveFrom: from, createdBy: actor.id, createdAt: now })
      .returning();
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'driver_pay.rule_set',
        targetType: driverId ? 'user' : 'pay_rule',
        targetId: driverId ?? row.id,
        ip: actor.ip,
        details: { version: row.version, effectiveFrom: from.toISOString(), ...terms },
      },
      now,
    );
    return toPayRuleJson(row);
  });
}
