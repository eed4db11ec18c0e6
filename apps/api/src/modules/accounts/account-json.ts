import type { TCustomerAccount } from '@courier/contract';
import { count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { customerAccounts, users } from '../../db/schema/index.js';
import { notFound } from '../../platform/app-error.js';
import { isUuid } from '../../shared/ids.js';

export const ACCOUNT_NOT_FOUND = 'Account not found';
type AccountRow = typeof customerAccounts.$inferSelect;

/** The account as it leaves, field by field. */
export const toAccountJson = (a: AccountRow, members: number): TCustomerAccount => ({
  _id: a.id,
  name: a.name,
  billingEmail: a.billingEmail,
  billingAddress: a.billingAddress,
  paymentTermsDays: a.paymentTermsDays,
  creditLimitCents: a.creditLimitCents,
  creditPolicy: a.creditPolicy,
  rateCardId: a.rateCardId,
  poRequired: a.poRequired,
  members,
  createdAt: a.createdAt.toISOString(),
  updatedAt: a.updatedAt.toISOString(),
});

/** One account with its member count; 404 for an unknown or malformed id. */
export async function findAccount(db: DbOrTx, id: string, forUpdate = false) {
  if (!isUuid(id)) throw notFound(ACCOUNT_NOT_FOUND);
  const query = db.select().from(customerAccounts).where(eq(customerAccounts.id, id));
  const [account] = forUpdate ? await query.for('update') : await query;
  if (!account) throw notFound(ACCOUNT_NOT_FOUND);
  const [{ members }] = await db.select({ members: count() }).from(users).where(eq(users.accountId, id));
  return { account, members };
}
