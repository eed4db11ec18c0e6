import { PAY_CHANGE_FORBIDDEN, type TBankAccount, type TBankAccountRequest, ZBankAccountRequest } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { driverBankAccounts } from '../../db/schema/index.js';
import { forbidden } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, mayChangeDriverPay, mayReadDriverPay } from '../../platform/policy.js';
import { resolveDataKey, seal } from '../../platform/sealed.js';
import type { Services } from '../../services.js';
import { findDriver } from './driver-pay-json.js';

export const toBankAccountJson = (r: typeof driverBankAccounts.$inferSelect): TBankAccount => ({
  routingLast4: r.routingLast4,
  accountLast4: r.accountLast4,
  accountType: r.accountType,
  updatedAt: r.updatedAt.toISOString(),
});

/** The data key of this deployment (DATA_ENCRYPTION_KEY or the one kept under DATA_DIR). */
export const dataKeyOf = (services: Services) => resolveDataKey(services.env.DATA_ENCRYPTION_KEY, services.env.DATA_DIR);

/**
 * An administrator sets a driver's direct-deposit account: the numbers are sealed, only their last four digits
 * are kept readable, and the audit row holds nothing more.
 */
export async function setBankAccount(services: Services, actor: Actor, input: { driverId: string; account: TBankAccountRequest }) {
  if (!mayChangeDriverPay(actor)) throw forbidden(PAY_CHANGE_FORBIDDEN);
  const driver = await findDriver(services.db, input.driverId);
  const { routingNumber, accountNumber, accountType } = ZBankAccountRequest.parse(input.account);
  const now = services.clock.now();
  const values = {
    sealed: seal(dataKeyOf(services), JSON.stringify({ routingNumber, accountNumber })),
    routingLast4: routingNumber.slice(-4),
    accountLast4: accountNumber.slice(-4),
    accountType,
    updatedBy: actor.id,
    updatedAt: now,
  };
  return services.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(driverBankAccounts)
      .values({ driverId: driver.id, ...values })
      .onConflictDoUpdate({ target: driverBankAccounts.driverId, set: values })
      .returning();
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'driver_pay.bank_account_set',
        targetType: 'user',
        targetId: driver.id,
        ip: actor.ip,
        details: { routingLast4: values.routingLast4, accountLast4: values.accountLast4, accountType },
      },
      now,
    );
    return toBankAccountJson(row);
  });
}

/** What staff see of a driver's account: the last four digits and the type, or null when none is set. */
export async function getBankAccount(services: Services, actor: Actor, input: { driverId: string }) {
  if (!mayReadDriverPay(actor)) throw forbidden();
  const driver = await findDriver(services.db, input.driverId);
  const [row] = await services.db.select().from(driverBankAccounts).where(eq(driverBankAccounts.driverId, driver.id));
  return row ? toBankAccountJson(row) : null;
}
