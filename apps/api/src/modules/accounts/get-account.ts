import { forbidden } from '../../platform/app-error.js';
import { type Actor, mayReadCustomerAccounts } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { findAccount, toAccountJson } from './account-json.js';
import { ACCOUNTS_READ_FORBIDDEN } from './list-accounts.js';

/** One account for staff. */
export async function getAccount(services: Services, actor: Actor, input: { id: string }) {
  if (!mayReadCustomerAccounts(actor)) throw forbidden(ACCOUNTS_READ_FORBIDDEN);
  const { account, members } = await findAccount(services.db, input.id);
  return toAccountJson(account, members);
}
