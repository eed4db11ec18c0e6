import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../platform/app-error.js';
import { type Actor, mayReadOwnCustomerAccount } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { ACCOUNT_NOT_FOUND, findAccount, toAccountJson } from './account-json.js';

/** The caller's account and role: an owner sees its terms, a member its name. */
export async function getMyAccount(services: Services, actor: Actor) {
  if (!mayReadOwnCustomerAccount(actor)) throw forbidden('Only a customer has an account');
  const [me] = await services.db
    .select({ accountId: users.accountId, accountRole: users.accountRole })
    .from(users)
    .where(eq(users.id, actor.id));
  if (!me?.accountId || !me.accountRole) throw notFound(ACCOUNT_NOT_FOUND);
  const { account, members } = await findAccount(services.db, me.accountId);
  return {
    role: me.accountRole,
    account: me.accountRole === 'owner' ? toAccountJson(account, members) : { _id: account.id, name: account.name },
  };
}
