import { type TAccountPatch, ZAccountPatch } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { customerAccounts, rateCards } from '../../db/schema/index.js';
import { badRequest, forbidden } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, mayEditCustomerAccounts } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { findAccount, toAccountJson } from './account-json.js';

/** An administrator sets an account's billing terms, credit and rate card; audited with before and after. */
export async function updateAccount(services: Services, actor: Actor, input: { id: string; patch: TAccountPatch }) {
  if (!mayEditCustomerAccounts(actor)) throw forbidden('Only an administrator can change customer accounts');
  const patch = ZAccountPatch.parse(input.patch);
  const now = services.clock.now();
  return services.db.transaction(async (tx) => {
    const { account, members } = await findAccount(tx, input.id, true);
    if (patch.rateCardId) {
      const [card] = await tx.select({ id: rateCards.id }).from(rateCards).where(eq(rateCards.id, patch.rateCardId));
      if (!card) throw badRequest('rateCardId: No rate card has this id', 'rateCardId');
    }
    const [updated] = await tx
      .update(customerAccounts)
      .set({ ...patch, updatedAt: now })
      .where(eq(customerAccounts.id, account.id))
      .returning();
    const before = toAccountJson(account, members);
    const after = toAccountJson(updated, members);
    const changed = Object.keys(patch) as (keyof TAccountPatch)[];
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'account.update',
        targetType: 'customer_account',
        targetId: account.id,
        ip: actor.ip,
        details: {
          before: Object.fromEntries(changed.map((k) => [k, before[k]])),
          after: Object.fromEntries(changed.map((k) => [k, after[k]])),
        },
      },
      now,
    );
    return after;
  });
}
