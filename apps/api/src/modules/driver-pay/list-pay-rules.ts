import { PAY_READ_FORBIDDEN } from '@courier/contract';
import { desc, eq, isNull } from 'drizzle-orm';
import { payRules } from '../../db/schema/index.js';
import { forbidden } from '../../platform/app-error.js';
import { type Actor, mayReadDriverPay } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { findDriver, toPayRuleJson } from './driver-pay-json.js';
import { DEFAULT_RULE } from './set-pay-rule.js';

/** A driver's rule versions and the default's, newest first: what pays them now and what paid them before. */
export async function listPayRules(services: Services, actor: Actor, input: { driverId: string }) {
  if (!mayReadDriverPay(actor)) throw forbidden(PAY_READ_FORBIDDEN);
  const byNewest = [desc(payRules.effectiveFrom), desc(payRules.version)];
  const defaults = await services.db
    .select()
    .from(payRules)
    .where(isNull(payRules.driverId))
    .orderBy(...byNewest);
  if (input.driverId === DEFAULT_RULE) return { versions: defaults.map(toPayRuleJson), defaultVersions: defaults.map(toPayRuleJson) };
  const driver = await findDriver(services.db, input.driverId);
  const own = await services.db
    .select()
    .from(payRules)
    .where(eq(payRules.driverId, driver.id))
    .orderBy(...byNewest);
  return { versions: own.map(toPayRuleJson), defaultVersions: defaults.map(toPayRuleJson) };
}
